// Hosting: how many players and your name, then the lobby with the address to share and the
// players as they join. The game starts by itself when the lobby is full.
import { Box, type Key, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { Rules } from '../protocol/rules.js';
import type { LobbyPlayer } from '../sessions/lobby.js';
import { Failure } from './failure.js';
import { cycleField, useField, useMounted } from './form.js';
import { isCtrlC, splitKeys } from './keys.js';
import { followLobby, type Launcher, type Lobby, type LobbyNews, type Profile, shortAddress } from './launcher.js';
import { LobbyList, withLobbyEvent } from './lobby-list.js';
import { ProfileField, toggledProfile } from './profile-field.js';
import { RuleRow } from './rules-fields.js';
import { cycledRule, type RuleField, ruleFields, rulesFor, rulesWords } from './rules-words.js';
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
  /** The house rules the form starts from (settings; default the launcher's). */
  readonly rules?: Rules;
  /** The bots that take the empty seats (b). */
  readonly bot?: 'easy' | 'normal' | 'hard';
  /** How long a player may think (settings); default the launcher's. */
  readonly moveTimeoutMs?: number;
  readonly onStarted: (table: Table) => void;
  readonly onBack: () => void;
}

export function HostScreen({
  launcher,
  defaultName,
  players: initialPlayers = 4,
  open: openAtOnce = false,
  rules: initialRules = launcher.defaultRules ?? {},
  bot = launcher.defaultBot ?? 'normal',
  moveTimeoutMs,
  onStarted,
  onBack,
}: HostScreenProps) {
  const [stage, setStage] = useState<Stage>(openAtOnce ? { kind: 'opening' } : { kind: 'form' });
  const [players, setPlayers, currentPlayers] = useField(initialPlayers);
  const [name, setName, currentName] = useField(defaultName);
  const [field, setField, currentField] = useField<'players' | 'name' | 'profile' | RuleField>('players');
  const [profile, setProfile, currentProfile] = useField<Profile>('native');
  const [rules, setRules, currentRules] = useField<Rules>(initialRules);
  // House rules travel in the native lobby; the cs3099 profile plays the class rules.
  const shownRules = profile === 'native' ? ruleFields(players, rules) : [];
  const [joined, setJoined] = useState<Pick<LobbyPlayer, 'id' | 'name'>[]>([]);
  const [news, setNews] = useState<string | null>(null);
  const live = useMounted();

  const open = async () => {
    const [players, name, profile, rules] = [currentPlayers(), currentName(), currentProfile(), currentRules()];
    setStage({ kind: 'opening' });
    setJoined([{ id: 0, name: name.trim() || defaultName }]);
    const onLobby = (event: LobbyNews) => {
      if (!live.current || event.type === 'rules') return;
      if (event.type === 'info') setNews(event.text);
      else setJoined((list) => withLobbyEvent(list, event));
    };
    const opened = await launcher.hostGame(
      {
        players,
        name: name.trim() || defaultName,
        profile,
        ...(profile === 'native' ? { rules } : {}),
        ...(moveTimeoutMs !== undefined ? { moveTimeoutMs } : {}),
      },
      onLobby,
    );
    await followLobby(opened, live, setStage, onStarted);
  };

  useEffect(() => {
    if (openAtOnce) void open();
  }, []);

  // Keys that arrive together (a pasted name and Enter) each count, in order.
  useInput((text, k) => {
    for (const [input, key] of splitKeys(text, k)) if (onKey(input, key)) break;
  });

  /** One key; true when the screen moves on and the keys after it are not for the form. */
  function onKey(input: string, key: Key): boolean {
    if (stage.kind === 'lobby') {
      if (key.escape || isCtrlC(input, key) || input === 'q') {
        void stage.lobby.cancel();
        onBack();
        return true;
      }
      if (input === 's' && stage.lobby.startNow) {
        const started = stage.lobby.startNow();
        setNews(started.ok ? 'Starting with the players here…' : started.reason);
      } else if (input === 'b' && stage.lobby.fillWithBots) {
        setNews('Bots are joining…');
        void stage.lobby.fillWithBots(bot).then((filled) => {
          if (live.current)
            setNews(
              filled.ok
                ? `${filled.added} ${filled.added === 1 ? 'bot joins' : 'bots join'}: the game starts when every seat is taken`
                : filled.reason,
            );
        });
      }
      return false;
    }
    if (stage.kind === 'failed') {
      if (key.return) setStage({ kind: 'form' });
      else if (key.escape || input === 'q' || isCtrlC(input, key)) onBack();
      return true;
    }
    if (stage.kind !== 'form') return true;
    if (key.escape || isCtrlC(input, key)) {
      onBack();
      return true;
    }
    const players = currentPlayers();
    const field = currentField();
    const shown = currentProfile() === 'native' ? ruleFields(players, currentRules()) : [];
    const order = ['players', 'name', 'profile', ...shown] as const;
    const at = (order as readonly string[]).includes(field) ? field : 'profile';
    if (key.tab || key.downArrow) setField(cycleField(order, at, 1));
    else if (key.upArrow) setField(cycleField(order, at, -1));
    else if (key.return) {
      if (field !== 'players') {
        void open();
        return true;
      }
      setField('name');
    } else if (field !== 'players' && field !== 'name' && field !== 'profile') {
      if (key.leftArrow || key.rightArrow || input === ' ')
        setRules(cycledRule(currentRules(), field, key.leftArrow ? -1 : 1, players));
    } else if (field === 'profile') {
      // The class protocol lets other groups' 2015 programs join; the native one is for p2p-risk.
      const next = toggledProfile(currentProfile(), input, key);
      if (next !== null) setProfile(next);
    } else if (field === 'players') {
      const next =
        key.leftArrow || input === '-'
          ? Math.max(2, players - 1)
          : key.rightArrow || input === '+'
            ? Math.min(6, players + 1)
            : /^[2-6]$/.test(input)
              ? Number(input)
              : null;
      if (next !== null) {
        setPlayers(next);
        setRules(rulesFor(currentRules(), next));
      } else if (/^[0-9]$/.test(input)) setNews('Players: 2 to 6 (you included)');
    } else {
      const edited = editText(currentName(), input, key, 32);
      if (edited !== null) setName(edited);
    }
    return false;
  }

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
          <RuleRow key={f} rules={rules} field={f} focus={field === f} players={players} />
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
    return <Failure title="Hosting failed" reason={stage.reason} hint="Enter: try again · Esc: back to the menu" />;
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
      {profile === 'native' ? <Text>Rules: {rulesWords(rules, players).join(' · ')}</Text> : null}
      {profile === 'native' ? <Text> </Text> : null}
      {news ? <Text dimColor>{news}</Text> : null}
      <Text dimColor>
        The game starts when every seat is taken{stage.lobby.startNow ? ', or with the players here at s' : ''}.
      </Text>
      <Text dimColor wrap="truncate-end">
        {[
          ...(stage.lobby.startNow ? ['s start now'] : []),
          ...(stage.lobby.fillWithBots ? ['b bots take the empty seats'] : []),
          'Esc close the lobby',
        ].join(' · ')}
      </Text>
    </Box>
  );
}
