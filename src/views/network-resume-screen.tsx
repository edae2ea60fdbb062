// A stored networked game going on: hosted again (a lobby that only its players, by their keys, can
// join), joined at its host, or rejoined while the others play on. Every way ends in the game or in
// a reason on screen.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { LobbyEvent, LobbyPlayer } from '../sessions/lobby.js';
import { useMounted } from './form.js';
import { isCtrlC } from './keys.js';
import { type Launcher, type Lobby, plainReason, type SavedGame, type Started } from './launcher.js';
import { LobbyList, withLobbyEvent } from './lobby-list.js';
import { type NetworkAction, resumeAdvice } from './saved-games.js';
import type { Table } from './table.js';

type Stage =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'lobby'; readonly lobby: Lobby }
  | { readonly kind: 'failed'; readonly reason: string };

export interface NetworkResumeProps {
  readonly launcher: Launcher;
  readonly game: SavedGame;
  readonly action: NetworkAction;
  /** join: the address of the player hosting it. */
  readonly address?: string;
  readonly onStarted: (table: Table) => void;
  readonly onBack: () => void;
}

export function NetworkResumeScreen({ launcher, game, action, address, onStarted, onBack }: NetworkResumeProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'connecting' });
  const [players, setPlayers] = useState<Pick<LobbyPlayer, 'id' | 'name'>[]>([]);
  const [news, setNews] = useState<string | null>(null);
  const live = useMounted();

  const finish = (started: Started) => {
    if (!live.current) {
      if (started.ok) void started.table.quit();
      return;
    }
    if (started.ok) onStarted(started.table);
    else setStage({ kind: 'failed', reason: started.reason });
  };
  const fail = (error: unknown) => live.current && setStage({ kind: 'failed', reason: (error as Error).message });

  useEffect(() => {
    if (action === 'rejoin') {
      if (!launcher.rejoinNetworkGame) return setStage({ kind: 'failed', reason: 'rejoining is not available here' });
      launcher.rejoinNetworkGame(game.id).then(finish, fail);
      return;
    }
    if (!launcher.resumeNetworkGame)
      return setStage({ kind: 'failed', reason: 'resuming networked games is not available here' });
    const onLobby = (event: LobbyEvent) => {
      if (!live.current) return;
      if (event.type === 'info') setNews(event.text);
      else setPlayers((list) => withLobbyEvent(list, event));
    };
    const request =
      action === 'host'
        ? { id: game.id, host: true as const }
        : { id: game.id, host: false as const, address: address ?? '' };
    launcher.resumeNetworkGame(request, onLobby).then((opened) => {
      if (!live.current) {
        if (opened.ok) void opened.lobby.cancel();
        return;
      }
      if (!opened.ok) return setStage({ kind: 'failed', reason: opened.reason });
      setStage({ kind: 'lobby', lobby: opened.lobby });
      opened.lobby.started.then(finish, fail);
    }, fail);
  }, []);

  useInput((input, key) => {
    if (stage.kind === 'failed') {
      if (key.return || key.escape || isCtrlC(input, key)) onBack();
      return;
    }
    if (key.escape || isCtrlC(input, key)) {
      if (stage.kind === 'lobby') void stage.lobby.cancel();
      live.current = false;
      onBack();
    }
  });

  const what = action === 'rejoin' ? 'rejoin' : 'resume';
  if (stage.kind === 'failed') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>{`Could not ${what} game #${game.id}`}</Text>
        <Text>{plainReason(stage.reason)}</Text>
        <Text> </Text>
        <Text>{resumeAdvice(stage.reason, action)}</Text>
        <Text> </Text>
        <Text dimColor>Enter: back to the Resume list</Text>
      </Box>
    );
  }
  if (stage.kind === 'connecting') {
    const text =
      action === 'rejoin'
        ? `Rejoining game #${game.id}: asking the other players, at their stored addresses, for the game so far…`
        : action === 'host'
          ? `Hosting game #${game.id} again…`
          : `Connecting to ${address} to resume game #${game.id}…`;
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text>{text}</Text>
        {action === 'rejoin' ? (
          <Text dimColor>every line they send is checked against its author’s signature before play goes on</Text>
        ) : null}
        <Text dimColor>Esc: give up</Text>
      </Box>
    );
  }
  const seats = game.players.length;
  const missing = game.players
    .map((p, seat) => ({ seat, name: p.name }))
    .filter((p) => p.seat !== 0 && !players.some((q) => q.id === p.seat));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>
        {action === 'host' ? `Game #${game.id} is offered again` : `Joined ${address}: resuming game #${game.id}`}
      </Text>
      {action === 'host' ? (
        <>
          <Text>Its other players choose Resume, this game, then Join, at:</Text>
          {stage.lobby.addresses.slice(0, 3).map((a) => (
            <Text key={a}>{`  ${a}`}</Text>
          ))}
          <Text> </Text>
          <LobbyList players={[{ id: 0, name: game.players[0]?.name ?? '' }, ...players]} seats={seats} me={0} />
          {missing.length > 0 ? <Text dimColor>{`waiting for ${missing.map((p) => p.name).join(', ')}`}</Text> : null}
        </>
      ) : (
        <>
          <LobbyList players={players} seats={null} me={null} />
          <Text>Waiting for every player of the game to come back.</Text>
        </>
      )}
      <Text> </Text>
      {news ? <Text>{news}</Text> : null}
      <Text dimColor>every player proves it holds the same history before play goes on · Esc: leave</Text>
    </Box>
  );
}
