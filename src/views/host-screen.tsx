// Hosting: how many players and your name, then the lobby with the address to share and the
// players as they join. The game starts by itself when the lobby is full.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { Rules } from '../protocol/rules.js';
import type { LobbyEvent, LobbyPlayer } from '../sessions/lobby.js';
import { cycleField, useMounted } from './form.js';
import { isCtrlC } from './keys.js';
import { adviceFor, type Launcher, type Lobby, type Profile, plainReason } from './launcher.js';
import { LobbyList, withLobbyEvent } from './lobby-list.js';
import { ProfileField, toggledProfile } from './profile-field.js';
import { cycledRule, type RuleField, RuleRow, ruleFields } from './rules-fields.js';
import type { Table } from './table.js';
import { editText, TextField } from './text-field.js';

type Stage =
  | { kind: 'form' }
  | { kind: 'opening' }
  | { kind: 'lobby'; lobby: Lobby }
  | { kind: 'failed'; reason: string };

export interface HostScreenProps {
  readonly launcher: Launcher;
  readonly defaultName: string;
  /** The number of players to offer (default 4). */
  readonly players?: number;
  /** Open the lobby at once with these settings, skipping the form. */
  readonly open?: boolean;
  readonly onStarted: (table: Table) => void;
  readonly onBack: () => void;
}

export function HostScreen({
  launcher,
  defaultName,
  players: initialPlayers = 4,
  open: openAtOnce = false,
  onStarted,
  onBack,
}: HostScreenProps) {
  const [stage, setStage] = useState<Stage>(openAtOnce ? { kind: 'opening' } : { kind: 'form' });
  const [players, setPlayers] = useState(initialPlayers);
  const [name, setName] = useState(defaultName);
  const [field, setField] = useState<'players' | 'name' | 'profile' | RuleField>('players');
  const [profile, setProfile] = useState<Profile>('native');
  const [rules, setRules] = useState<Rules>(launcher.defaultRules ?? {});
  // House rules travel in the native lobby; the cs3099 profile plays the class rules.
  const shownRules = profile === 'native' ? ruleFields(players, rules) : [];
  const [joined, setJoined] = useState<Pick<LobbyPlayer, 'id' | 'name'>[]>([]);
  const [news, setNews] = useState<string | null>(null);
  const live = useMounted();

  const open = async () => {
    setStage({ kind: 'opening' });
    setJoined([{ id: 0, name: name.trim() || defaultName }]);
    const onLobby = (event: LobbyEvent) => {
      if (!live.current) return;
      if (event.type === 'info') setNews(event.text);
      else setJoined((list) => withLobbyEvent(list, event));
    };
    const opened = await launcher.hostGame(
      { players, name: name.trim() || defaultName, profile, ...(profile === 'native' ? { rules } : {}) },
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
    if (openAtOnce) void open();
  }, []);

  useInput((input, key) => {
    if (stage.kind === 'lobby') {
      if (key.escape || isCtrlC(input, key) || input === 'q') {
        void stage.lobby.cancel();
        onBack();
      } else if (input === 's' && stage.lobby.startNow) {
        const started = stage.lobby.startNow();
        setNews(started.ok ? 'Starting with the players here…' : started.reason);
      } else if (input === 'b' && stage.lobby.fillWithBots) {
        setNews('Bots are joining…');
        void stage.lobby.fillWithBots('normal').then((filled) => {
          if (live.current)
            setNews(
              filled.ok
                ? `${filled.added} ${filled.added === 1 ? 'bot joins' : 'bots join'}: the game starts when every seat is taken`
                : filled.reason,
            );
        });
      }
      return;
    }
    if (stage.kind === 'failed') {
      if (key.return) setStage({ kind: 'form' });
      else if (key.escape || input === 'q' || isCtrlC(input, key)) onBack();
      return;
    }
    if (stage.kind !== 'form') return;
    if (key.escape || isCtrlC(input, key)) return onBack();
    const order = ['players', 'name', 'profile', ...shownRules] as const;
    const current = (order as readonly string[]).includes(field) ? field : 'profile';
    if (key.tab || key.downArrow) return setField(cycleField(order, current, 1));
    if (key.upArrow) return setField(cycleField(order, current, -1));
    if (key.return) {
      if (field === 'players') return setField('name');
      return void open();
    }
    if (field !== 'players' && field !== 'name' && field !== 'profile') {
      if (key.leftArrow || key.rightArrow || input === ' ')
        setRules((r) => cycledRule(r, field, key.leftArrow ? -1 : 1));
      return;
    }
    if (field === 'profile') {
      // The class protocol lets other groups' 2015 programs join; the native one is for p2p-risk.
      const next = toggledProfile(profile, input, key);
      if (next !== null) setProfile(next);
      return;
    }
    if (field === 'players') {
      if (key.leftArrow || input === '-') setPlayers((n) => Math.max(2, n - 1));
      else if (key.rightArrow || input === '+') setPlayers((n) => Math.min(6, n + 1));
      else if (/^[2-6]$/.test(input)) setPlayers(Number(input));
      else if (/^[0-9]$/.test(input)) setNews('Players: 2 to 6 (you included)');
      return;
    }
    const edited = editText(name, input, key, 32);
    if (edited !== null) setName(edited);
  });

  if (stage.kind === 'form') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Host a game</Text>
        <Text> </Text>
        <Text>
          <Text bold={field === 'players'}>{field === 'players' ? '▸ ' : '  '}Players (you included): </Text>
          <Text inverse={field === 'players'}>{` ◂ ${players} ▸ `}</Text>
        </Text>
        <TextField label="Your name" value={name} focus={field === 'name'} placeholder={defaultName} />
        <ProfileField profile={profile} focus={field === 'profile'} />
        {shownRules.map((f) => (
          <RuleRow key={f} rules={rules} field={f} focus={field === f} />
        ))}
        <Text> </Text>
        {news ? <Text bold>{news}</Text> : null}
        <Text dimColor>
          ←→ or 2–6 players · ←→ protocol and rules · Tab/↑↓ next field · Enter{' '}
          {field === 'players' ? 'next' : 'open the lobby'} · Esc back
        </Text>
      </Box>
    );
  }
  if (stage.kind === 'opening') return <Text>Opening the lobby…</Text>;
  if (stage.kind === 'failed') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Hosting failed</Text>
        <Text>{plainReason(stage.reason)}</Text>
        <Text> </Text>
        <Text>{adviceFor(stage.reason)}</Text>
        <Text> </Text>
        <Text dimColor>Enter: try again · Esc: back to the menu</Text>
      </Box>
    );
  }
  const [best, ...others] = stage.lobby.addresses;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>
        Lobby: {joined.length} of {players} players
      </Text>
      <Text> </Text>
      <Text>Tell the others to choose “Join a game” and type this address:</Text>
      <Text bold>{`  ${best ? shortAddress(best) : '(no address: is the network up?)'}`}</Text>
      {best ? <Text dimColor>{`  or the full address: ${best}`}</Text> : null}
      {others.slice(0, 3).map((a) => (
        <Text key={a} dimColor>
          {`  also: ${shortAddress(a)}`}
        </Text>
      ))}
      <Text> </Text>
      <LobbyList players={joined} seats={players} me={0} />
      <Text> </Text>
      {news ? <Text dimColor>{news}</Text> : null}
      <Text dimColor>
        The game starts when every seat is taken{stage.lobby.startNow ? ' · s: start now with the players here' : ''}
        {stage.lobby.fillWithBots ? ' · b: bots take the empty seats' : ''} · Esc: close the lobby
      </Text>
    </Box>
  );
}

/** host:port from a /ip4/…/tcp/… address, for typing. */
export function shortAddress(address: string): string {
  const match = /^\/ip([46])\/([^/]+)\/tcp\/(\d+)/.exec(address);
  if (!match) return address;
  return match[1] === '6' ? `[${match[2]}]:${match[3]}` : `${match[2]}:${match[3]}`;
}
