// Joining: the host's address and your name, then the lobby until the host's game starts.
import { Box, type Key, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { Rules } from '../protocol/rules.js';
import type { LobbyPlayer } from '../sessions/lobby.js';
import { Failure } from './failure.js';
import { cycleField, useField, useMounted } from './form.js';
import { isCtrlC, splitKeys } from './keys.js';
import { followLobby, type Launcher, type Lobby, type LobbyNews, type Profile } from './launcher.js';
import { LobbyList, withLobbyEvent } from './lobby-list.js';
import { ProfileField, toggledProfile } from './profile-field.js';
import { rulesWords } from './rules-words.js';
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
  const [address, setAddress, currentAddress] = useField(initialAddress);
  const [name, setName, currentName] = useField(defaultName);
  const [field, setField, currentField] = useField<'address' | 'name' | 'profile'>('address');
  const [profile, setProfile, currentProfile] = useField<Profile>('native');
  const [players, setPlayers] = useState<Pick<LobbyPlayer, 'id' | 'name'>[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // The host's house rules (native profile), shown before the game starts; and the lobby's news.
  const [rules, setRules] = useState<Rules | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const live = useMounted();

  const join = async () => {
    const address = currentAddress();
    const name = currentName();
    const profile = currentProfile();
    if (address.trim() === '') {
      setField('address');
      return setProblem('Type the address the host’s screen shows, e.g. 192.168.1.20:7475');
    }
    setProblem(null);
    setPlayers([]);
    setRules(null);
    setNews(null);
    setStage({ kind: 'joining' });
    const onLobby = (event: LobbyNews) => {
      if (!live.current) return;
      if (event.type === 'rules') setRules(event.rules);
      else if (event.type === 'info') setNews(event.text);
      else setPlayers((list) => withLobbyEvent(list, event));
    };
    const opened = await launcher.joinGame(
      { address: address.trim(), name: name.trim() || defaultName, profile },
      onLobby,
    );
    await followLobby(opened, live, setStage, onStarted);
  };

  useEffect(() => {
    if (joinAtOnce) void join();
  }, []);

  // Keys that arrive together (a pasted address and Enter) each count, in order.
  useInput((text, k) => {
    for (const [input, key] of splitKeys(text, k)) if (onKey(input, key)) break;
  });

  /** One key; true when the screen moves on and the keys after it are not for the form. */
  function onKey(input: string, key: Key): boolean {
    if (stage.kind === 'lobby' || stage.kind === 'joining') {
      if (key.escape || isCtrlC(input, key)) {
        if (stage.kind === 'lobby') void stage.lobby.cancel();
        live.current = false;
        onBack();
      }
      return true;
    }
    if (stage.kind === 'failed') {
      if (key.return) setStage({ kind: 'form' });
      else if (key.escape || isCtrlC(input, key)) onBack();
      return true;
    }
    if (key.escape || isCtrlC(input, key)) {
      onBack();
      return true;
    }
    const order = ['address', 'name', 'profile'] as const;
    const field = currentField();
    if (key.tab || key.downArrow) setField(cycleField(order, field, 1));
    else if (key.upArrow) setField(cycleField(order, field, -1));
    else if (key.return) {
      if (field === 'address' && currentName() === '') setField('name');
      else {
        void join();
        return true;
      }
    } else if (field === 'profile') {
      const next = toggledProfile(currentProfile(), input, key);
      if (next !== null) setProfile(next);
    } else if (field === 'address') {
      const edited = editText(currentAddress(), input, key, 300);
      if (edited !== null) setAddress(edited.trim());
    } else {
      const edited = editText(currentName(), input, key, 32);
      if (edited !== null) setName(edited);
    }
    return false;
  }

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
      <Failure
        title="Could not join"
        reason={stage.reason}
        hint="Enter: change the address and try again · Esc: back to the menu"
      />
    );
  }
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Joined {address}</Text>
      <Text> </Text>
      <LobbyList players={players} seats={null} me={null} />
      <Text>{`  and you, ${name.trim() || defaultName}`}</Text>
      <Text> </Text>
      {rules !== null ? <Text>The host's rules: {rulesWords(rules, null).join(' · ')}</Text> : null}
      {rules !== null ? <Text> </Text> : null}
      {news ? <Text dimColor>{news}</Text> : null}
      <Text>Waiting for the host to start the game (when every seat is taken, or earlier if the host chooses).</Text>
      <Text dimColor>Esc: leave the lobby</Text>
    </Box>
  );
}
