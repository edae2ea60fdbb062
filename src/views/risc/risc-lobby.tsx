// A networked RISC game's lobby, hosted or joined: the host's form (players, name, turn limit),
// the address to give the others, the players as they come, s to start now and b for bots; the
// joiner sees the host's RISC terms (never the classic house rules) until the game starts.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { RISC_BOT_KINDS, type RiscBotKind } from '../../ai/risc/bots.js';
import { describeTerms, type RiscTerms } from '../../protocol/risc-terms.js';
import type { LobbyEvent, LobbyPlayer } from '../../sessions/lobby.js';
import { Failure } from '../failure.js';
import { cycleField, useMounted } from '../form.js';
import { isCtrlC } from '../keys.js';
import { shortAddress } from '../launcher.js';
import { LobbyList, withLobbyEvent } from '../lobby-list.js';
import { editText, TextField } from '../text-field.js';
import type { RiscLauncher, RiscLobby, RiscMatch, RiscOpened, SavedRisc } from './match.js';

type LobbyStage =
  | { kind: 'form' }
  | { kind: 'opening' }
  | { kind: 'lobby'; lobby: RiscLobby }
  | { kind: 'failed'; reason: string };

/** The lobby's life: open it, show it, hand on the match when the game starts. */
function useLobby(onStarted: (match: RiscMatch) => void) {
  const [stage, setStage] = useState<LobbyStage>({ kind: 'form' });
  const [players, setPlayers] = useState<Pick<LobbyPlayer, 'id' | 'name'>[]>([]);
  const [news, setNews] = useState<string | null>(null);
  const live = useMounted();
  const onLobby = (event: LobbyEvent) => {
    if (!live.current) return;
    if (event.type === 'info') setNews(event.text);
    else setPlayers((list) => withLobbyEvent(list, event));
  };
  const open = async (opening: () => Promise<RiscOpened>) => {
    setStage({ kind: 'opening' });
    const opened = await opening();
    if (!live.current) {
      if (opened.ok) void opened.lobby.cancel();
      return;
    }
    if (!opened.ok) return setStage({ kind: 'failed', reason: opened.reason });
    setStage({ kind: 'lobby', lobby: opened.lobby });
    const started = await opened.lobby.started;
    if (!live.current) return;
    if (started.ok) onStarted(started.match);
    else setStage({ kind: 'failed', reason: started.reason });
  };
  return { stage, setStage, players, setPlayers, news, setNews, onLobby, open, live };
}

export function RiscHostScreen(props: {
  launcher: RiscLauncher;
  defaultName: string;
  players: number;
  terms: RiscTerms;
  open: boolean;
  onStarted: (match: RiscMatch) => void;
  onBack: () => void;
}) {
  const { launcher, defaultName, onBack } = props;
  const lobby = useLobby(props.onStarted);
  const [players, setPlayers] = useState(props.players);
  const [name, setName] = useState(defaultName);
  const [limit, setLimit] = useState<number | null>(props.terms.turnLimit);
  const [field, setField] = useState<'players' | 'name' | 'limit'>('players');
  const [botKind, setBotKind] = useState<RiscBotKind>('hard');
  const terms: RiscTerms = { startUnits: props.terms.startUnits, turnLimit: limit };
  const host = () => {
    const me = name.trim() || defaultName;
    lobby.setPlayers([{ id: 0, name: me }]);
    void lobby.open(() => launcher.host({ players, name: me, terms }, lobby.onLobby));
  };
  useEffect(() => {
    if (props.open) host();
  }, []);
  const { stage } = lobby;
  useInput((input, key) => {
    if (stage.kind === 'lobby') {
      if (key.escape || isCtrlC(input, key) || input === 'q') {
        void stage.lobby.cancel();
        return onBack();
      }
      if (input === 's' && stage.lobby.startNow) {
        const started = stage.lobby.startNow();
        lobby.setNews(started.ok ? 'Starting with the players here…' : started.reason);
      } else if (input === 'k') {
        setBotKind((k) => RISC_BOT_KINDS[(RISC_BOT_KINDS.indexOf(k) + 1) % RISC_BOT_KINDS.length]!);
      } else if (input === 'b' && stage.lobby.fillWithBots) {
        lobby.setNews(`${botKind} bots are joining…`);
        void stage.lobby.fillWithBots(botKind).then((filled) => {
          if (lobby.live.current)
            lobby.setNews(
              filled.ok
                ? `${filled.added} ${botKind} bot${filled.added === 1 ? '' : 's'} join: the game starts when every seat is taken`
                : filled.reason,
            );
        });
      }
      return;
    }
    if (stage.kind === 'failed') {
      if (key.return) lobby.setStage({ kind: 'form' });
      else if (key.escape || input === 'q' || isCtrlC(input, key)) onBack();
      return;
    }
    if (stage.kind !== 'form') return;
    if (key.escape || isCtrlC(input, key)) return onBack();
    const order = ['players', 'name', 'limit'] as const;
    if (key.tab || key.downArrow) return setField((f) => cycleField(order, f, 1));
    if (key.upArrow) return setField((f) => cycleField(order, f, -1));
    if (key.return) return field === 'players' ? setField('name') : host();
    if (field === 'players') {
      if (key.leftArrow || input === '-') setPlayers((n) => Math.max(2, n - 1));
      else if (key.rightArrow || input === '+') setPlayers((n) => Math.min(4, n + 1));
      else if (/^[2-4]$/.test(input)) setPlayers(Number(input));
      return;
    }
    if (field === 'limit') {
      const steps = [null, 25, 50, 100, 200, 500];
      const at = steps.indexOf(limit);
      if (key.leftArrow) setLimit(steps[(at + steps.length - 1) % steps.length]!);
      else if (key.rightArrow || input === ' ') setLimit(steps[(at + 1) % steps.length]!);
      return;
    }
    const edited = editText(name, input, key, 32);
    if (edited !== null) setName(edited);
  });
  if (stage.kind === 'form') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Host a RISC game</Text>
        <Text> </Text>
        <Text>
          <Text bold={field === 'players'}>{field === 'players' ? '▸ ' : '  '}Players (you included): </Text>
          <Text inverse={field === 'players'}>{` ◂ ${players} ▸ `}</Text>
        </Text>
        <TextField label="Your name" value={name} focus={field === 'name'} placeholder={defaultName} />
        <Text>
          <Text bold={field === 'limit'}>{field === 'limit' ? '▸ ' : '  '}Turn limit: </Text>
          <Text inverse={field === 'limit'}>{` ◂ ${limit === null ? 'none' : limit} ▸ `}</Text>
          <Text dimColor> then the most territories wins</Text>
        </Text>
        <Text> </Text>
        <Text dimColor>{describeTerms(terms)}</Text>
        <Text dimColor>←→ or 2–4 players · ←→ turn limit · Tab/↑↓ next field · Enter open the lobby · Esc back</Text>
      </Box>
    );
  }
  if (stage.kind === 'opening') return <Text>Opening the lobby…</Text>;
  if (stage.kind === 'failed') return <LobbyFailed title="Hosting failed" reason={stage.reason} />;
  const [best, ...others] = stage.lobby.addresses;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>
        RISC lobby: {lobby.players.length} of {players} players
      </Text>
      <Text dimColor>{describeTerms(terms)}</Text>
      <Text> </Text>
      <Text>Tell the others to choose RISC, then “Join a RISC game”, and type this address:</Text>
      <Text bold>{`  ${best ? shortAddress(best) : '(no address: is the network up?)'}`}</Text>
      {best ? <Text dimColor>{`  or the full address: ${best}`}</Text> : null}
      {others.slice(0, 2).map((a) => (
        <Text key={a} dimColor>{`  also: ${shortAddress(a)}`}</Text>
      ))}
      <Text> </Text>
      <LobbyList players={lobby.players} seats={players} me={0} />
      <Text> </Text>
      {lobby.news ? <Text dimColor>{lobby.news}</Text> : null}
      <Text dimColor>
        The game starts when every seat is taken · s: start now · b: {botKind} bots take the empty seats (k: another
        kind) · Esc: close the lobby
      </Text>
    </Box>
  );
}

export function RiscJoinScreen(props: {
  launcher: RiscLauncher;
  defaultName: string;
  address: string;
  join: boolean;
  onStarted: (match: RiscMatch) => void;
  onBack: () => void;
}) {
  const { launcher, defaultName, onBack } = props;
  const lobby = useLobby(props.onStarted);
  const [address, setAddress] = useState(props.address);
  const [name, setName] = useState(defaultName);
  const [field, setField] = useState<'address' | 'name'>('address');
  const [terms, setTerms] = useState<RiscTerms | null>(null);
  const join = () => {
    if (address.trim() === '') return lobby.setNews('Type the address the host’s screen shows, e.g. 192.168.1.20:7475');
    lobby.setPlayers([]);
    void lobby.open(() =>
      launcher.join({ address: address.trim(), name: name.trim() || defaultName }, lobby.onLobby, setTerms),
    );
  };
  useEffect(() => {
    if (props.join && props.address) join();
  }, []);
  const { stage } = lobby;
  useInput((input, key) => {
    if (stage.kind === 'lobby' || stage.kind === 'opening') {
      if (key.escape || isCtrlC(input, key)) {
        if (stage.kind === 'lobby') void stage.lobby.cancel();
        lobby.live.current = false;
        onBack();
      }
      return;
    }
    if (stage.kind === 'failed') {
      if (key.return) lobby.setStage({ kind: 'form' });
      else if (key.escape || isCtrlC(input, key)) onBack();
      return;
    }
    if (key.escape || isCtrlC(input, key)) return onBack();
    if (key.tab || key.downArrow || key.upArrow) return setField((f) => (f === 'address' ? 'name' : 'address'));
    if (key.return) return join();
    const edited = field === 'address' ? editText(address, input, key, 300) : editText(name, input, key, 32);
    if (edited !== null) (field === 'address' ? setAddress : setName)(field === 'address' ? edited.trim() : edited);
  });
  if (stage.kind === 'form') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Join a RISC game</Text>
        <Text> </Text>
        <TextField
          label="Host address"
          value={address}
          focus={field === 'address'}
          placeholder="e.g. 192.168.1.20:7475"
        />
        <TextField label="Your name" value={name} focus={field === 'name'} placeholder={defaultName} />
        <Text> </Text>
        {lobby.news ? <Text bold>{lobby.news}</Text> : null}
        <Text dimColor>Tab/↑↓ next field · Enter join · Esc back</Text>
      </Box>
    );
  }
  if (stage.kind === 'opening') return <Text>Connecting to {address}…</Text>;
  if (stage.kind === 'failed') return <LobbyFailed title="Could not join" reason={stage.reason} />;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Joined the RISC game at {address}</Text>
      {terms ? <Text>{describeTerms(terms)}</Text> : null}
      <Text> </Text>
      <LobbyList players={lobby.players} seats={null} me={null} />
      <Text>{`  and you, ${name.trim() || defaultName}`}</Text>
      <Text> </Text>
      <Text>Waiting for the host to start the game (when every seat is taken, or earlier if the host chooses).</Text>
      <Text dimColor>Esc: leave the lobby</Text>
    </Box>
  );
}

function LobbyFailed({ title, reason }: { title: string; reason: string }) {
  return <Failure title={title} reason={reason} hint="Enter: try again · Esc: back" />;
}

/**
 * A stored networked RISC game resumed with its players (protocol-spec/resume.md): hosted again by
 * its first host in a lobby only its players' keys may join, or joined at that host's `address`.
 */
export function RiscResumeLobbyScreen(props: {
  launcher: RiscLauncher;
  game: SavedRisc;
  host: boolean;
  address?: string;
  onStarted: (match: RiscMatch) => void;
  onBack: () => void;
}) {
  const { launcher, game, host, address = '', onBack } = props;
  const lobby = useLobby(props.onStarted);
  const open = () => {
    if (!launcher.resumeNetwork)
      return lobby.setStage({ kind: 'failed', reason: 'resuming networked games is not available here' });
    if (host) lobby.setPlayers([{ id: 0, name: game.players[0]?.replace(/ \(you\)$/, '') ?? 'you' }]);
    void lobby.open(() =>
      launcher.resumeNetwork!(
        host ? { id: game.id, host: true } : { id: game.id, host: false, address },
        lobby.onLobby,
      ),
    );
  };
  useEffect(open, []);
  const { stage } = lobby;
  useInput((input, key) => {
    if (stage.kind === 'failed') {
      if (key.return) open();
      else if (key.escape || isCtrlC(input, key)) onBack();
      return;
    }
    if (key.escape || isCtrlC(input, key)) {
      if (stage.kind === 'lobby') void stage.lobby.cancel();
      lobby.live.current = false;
      onBack();
    }
  });
  if (stage.kind === 'failed') return <LobbyFailed title={`Could not resume game #${game.id}`} reason={stage.reason} />;
  if (stage.kind !== 'lobby')
    return (
      <Text>{host ? `Hosting game #${game.id} again…` : `Connecting to ${address} to resume game #${game.id}…`}</Text>
    );
  const [best, ...others] = stage.lobby.addresses;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>
        {host ? `RISC game #${game.id} is offered again` : `Joined ${address}: resuming RISC game #${game.id}`}
      </Text>
      <Text>{game.players.join(', ')}</Text>
      <Text> </Text>
      {host ? (
        <>
          <Text>Its other players choose RISC, Resume, this game, then Join its host, at:</Text>
          <Text bold>{`  ${best ? shortAddress(best) : '(no address: is the network up?)'}`}</Text>
          {others.slice(0, 2).map((a) => (
            <Text key={a} dimColor>{`  also: ${shortAddress(a)}`}</Text>
          ))}
          <Text> </Text>
        </>
      ) : null}
      <LobbyList players={lobby.players} seats={host ? game.players.length : null} me={host ? 0 : null} />
      <Text> </Text>
      {lobby.news ? <Text>{lobby.news}</Text> : <Text>Waiting for every player of the game to come back.</Text>}
      <Text dimColor>every player proves it holds the same history before play goes on · Esc: leave</Text>
    </Box>
  );
}
