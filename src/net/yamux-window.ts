// Window updates of @chainsafe/libp2p-yamux as the yamux spec and go-yamux send them: only once
// less than half of a stream's receive window is left. The library sends one after every data
// frame it receives, so each of our lines cost a second frame back (its own muxer header,
// encryption, socket write, and a read at the other end): sending them took 8% of a peer's CPU
// in bench:net's profile, and two peers bouncing lines spent a quarter to a third less CPU per
// line without them. The sender's view is unchanged (it may send up to the window it was given);
// only the number of updates falls. Loaded once, for every stream of the process.
import { StreamState, YamuxStream } from '@chainsafe/libp2p-yamux/stream';

/** What the patch reads of a stream (fields the library keeps private). */
interface Window {
  state: StreamState;
  recvWindow: number;
  recvWindowCapacity: number;
}

const sendWindowUpdate = YamuxStream.prototype.sendWindowUpdate;
YamuxStream.prototype.sendWindowUpdate = function (this: YamuxStream) {
  const window = this as unknown as Window;
  // Opening, closing or paused streams go the library's way (their flags and state changes).
  if (window.state === StreamState.Established && window.recvWindowCapacity * 2 > window.recvWindow) return;
  sendWindowUpdate.call(this);
};
