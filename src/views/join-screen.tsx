// Joining: the host's address and your name, then the lobby until the host's game starts.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { LobbyEvent, LobbyPlayer } from '../sessions/lobby.js';
import { cycleField, useMounted } from './form.js';
import { isCtrlC } from './keys.js';
import { adviceFor, type Launcher, type Lobby, type Profile, plainReason } from './launcher.js';
import { LobbyList, withLobbyEvent } from './lobby-list.js';
import { ProfileField, toggledProfile } from './profile-field.js';
import type { Table } from './table.js';
import { editText, TextField } from './text-field.js';

type Stage =
  | { kind: 'form' }
  | { kind: 'joining' }
  | { kind: 'lobby'; lobby: Lobby }
  | { kind: 'failed'; reason: string };

export interface JoinScreenProps {
  readonly launcher: Launcher;
  readonly defaultName: string;
  readonly address?: string;
  /** Dial the address at once, skipping the form. */
  readonly join?: boolean;
  readonly onStarted: (table: Table) => void;
  readonly onBack: () => void;
}

export function JoinScreen({
  launcher,
  defaultName,
  address: initialAddress = '',
  join: joinAtOnce = false,
  onStarted,
  onBack,
}: JoinScreenProps) {
  const [stage, setStage] = useState<Stage>(joinAtOnce ? { kind: 'joining' } : { kind: 'form' });
  const [address, setAddress] = useState(initialAddress);
  const [name, setName] = useState(defaultName);
  const [field, setField] = useState<'address' | 'name' | 'profile'>('address');
  const [profile, setProfile] = useState<Profile>('native');
  const [players, setPlayers] = useState<Pick<LobbyPlayer, 'id' | 'name'>[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const live = useMounted();

  const join = async () => {
    if (address.trim() === '') {
      setField('address');
      return setProblem('Type the address the host’s screen shows, e.g. 192.168.1.20:7475');
    }
    setProblem(null);
    setPlayers([]);
    setStage({ kind: 'joining' });
    const onLobby = (event: LobbyEvent) => {
      if (live.current && event.type !== 'info') setPlayers((list) => withLobbyEvent(list, event));
    };
    const opened = await launcher.joinGame(
      { address: address.trim(), name: name.trim() || defaultName, profile },
      onLobby,
    );
    if (!live.current) {
      if (opened.ok) void opened.lobby.cancel();
      return;
    }
    if (!opened.ok) return setStage({ kind: 'failed', reason: opened.reason });
    setStage({ kind: 'lobby', lobby: opened.lobby });
    const started = await opened.lobby.started;
    if (!live.current) return;
    if (started.ok) onStarted(started.table);
    else setStage({ kind: 'failed', reason: started.reason });
  };

  useEffect(() => {
    if (joinAtOnce) void join();
  }, []);

  useInput((input, key) => {
    if (stage.kind === 'lobby' || stage.kind === 'joining') {
      if (key.escape || isCtrlC(input, key)) {
        if (stage.kind === 'lobby') void stage.lobby.cancel();
        live.current = false;
        onBack();
      }
      return;
    }
    if (stage.kind === 'failed') {
      if (key.return) setStage({ kind: 'form' });
      else if (key.escape || isCtrlC(input, key)) onBack();
      return;
    }
    if (key.escape || isCtrlC(input, key)) return onBack();
    const order = ['address', 'name', 'profile'] as const;
    if (key.tab || key.downArrow) return setField((f) => cycleField(order, f, 1));
    if (key.upArrow) return setField((f) => cycleField(order, f, -1));
    if (key.return) return field === 'address' && name === '' ? setField('name') : void join();
    if (field === 'profile') {
      const next = toggledProfile(profile, input, key);
      if (next !== null) setProfile(next);
      return;
    }
    if (field === 'address') {
      const edited = editText(address, input, key, 300);
      if (edited !== null) setAddress(edited.trim());
    } else {
      const edited = editText(name, input, key, 32);
      if (edited !== null) setName(edited);
    }
  });

  if (stage.kind === 'form') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Join a game</Text>
        <Text> </Text>
        <TextField
          label="Host address"
          value={address}
          focus={field === 'address'}
          placeholder="e.g. 192.168.1.20:7475"
        />
        <TextField label="Your name" value={name} focus={field === 'name'} placeholder={defaultName} />
        <ProfileField profile={profile} focus={field === 'profile'} />
        <Text> </Text>
        {problem ? <Text bold>{problem}</Text> : null}
        <Text dimColor>Tab/↑↓ next field · ←→ protocol · Enter join · Esc back</Text>
      </Box>
    );
  }
  if (stage.kind === 'joining') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text>Connecting to {address}…</Text>
        <Text dimColor>Esc: give up</Text>
      </Box>
    );
  }
  if (stage.kind === 'failed') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Could not join</Text>
        <Text>{plainReason(stage.reason)}</Text>
        <Text> </Text>
        <Text>{adviceFor(stage.reason)}</Text>
        <Text> </Text>
        <Text dimColor>Enter: change the address and try again · Esc: back to the menu</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Joined {address}</Text>
      <Text> </Text>
      <LobbyList players={players} seats={null} me={null} />
      <Text>{`  and you, ${name.trim() || defaultName}`}</Text>
      <Text> </Text>
      <Text>Waiting for the host to start the game (when every seat is taken, or earlier if the host chooses).</Text>
      <Text dimColor>Esc: leave the lobby</Text>
    </Box>
  );
}
