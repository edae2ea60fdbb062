// RISC in the Ink UI: its own small menu (against bots, host, join, resume, rules), the forms and
// lobbies of a networked game, and the game screen. Reached from the main menu's RISC item and by
// `risk play [host|join] --game risc`.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { RISC_BOT_KINDS, type RiscBotKind } from '../../ai/risc/bots.js';
import { DEFAULT_START_UNITS, DEFAULT_TURN_LIMIT } from '../../model/risc/index.js';
import { describeTerms, type RiscTerms } from '../../protocol/risc-terms.js';
import type { LobbyEvent, LobbyPlayer } from '../../sessions/lobby.js';
import { cycleField, useMounted } from '../form.js';
import { isCtrlC } from '../keys.js';
import { adviceFor, plainReason, shortAddress } from '../launcher.js';
import { LobbyList, withLobbyEvent } from '../lobby-list.js';
import { editText, TextField } from '../text-field.js';
import type { RiscLauncher, RiscLobby, RiscMatch, RiscStart, RiscStarted, SavedRisc } from './match.js';

export type { RiscStart } from './match.js';

import { RiscGameScreen } from './risc-screen.js';
import { riscRules } from './text.js';

type Screen =
  | Exclude<RiscStart, { readonly kind: 'local' }>
  | { readonly kind: 'rules' }
  | { readonly kind: 'game'; readonly match: RiscMatch }
  | { readonly kind: 'failed'; readonly reason: string };

export interface RiscAppProps {
  readonly launcher: RiscLauncher;
  readonly defaultName: string;
  readonly start?: RiscStart;
  /** Back to the main menu (or, started from the command line, the program ends). */
  readonly onExit: () => void;
  readonly size?: { readonly columns: number; readonly rows: number };
}

const DEFAULT_TERMS: RiscTerms = { startUnits: DEFAULT_START_UNITS, turnLimit: DEFAULT_TURN_LIMIT };

const ITEMS = [
  { id: 'local', label: 'Play against bots', hint: 'you against two hard bots on this machine' },
  { id: 'host', label: 'Host a RISC game', hint: 'people (and bots) join you over the network' },
  { id: 'join', label: 'Join a RISC game', hint: 'type the address the host shows you' },
  { id: 'resume', label: 'Resume', hint: 'go on with a RISC game against bots you left' },
  { id: 'rules', label: 'Rules', hint: 'RISC in short' },
  { id: 'back', label: 'Back', hint: 'to the main menu' },
] as const;

/** The RISC app once its launcher has loaded (the menu loads RISC's code only when chosen). */
export function RiscEntry({ load, ...props }: Omit<RiscAppProps, 'launcher'> & { load: () => Promise<RiscLauncher> }) {
  const [launcher, setLauncher] = useState<RiscLauncher | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    load().then(setLauncher, (error: Error) => setProblem(error.message));
  }, []);
  if (problem !== null) return <Failed reason={problem} onClose={props.onExit} />;
  return launcher === null ? <Text>Starting RISC…</Text> : <RiscApp launcher={launcher} {...props} />;
}

export function RiscApp({ launcher, defaultName, start = { kind: 'menu' }, onExit, size }: RiscAppProps) {
  const [screen, setScreen] = useState<Screen>(() =>
    start.kind === 'local'
      ? {
          kind: 'game',
          match: launcher.local({ name: defaultName, players: start.players, bot: start.bot, terms: start.terms }),
        }
      : start,
  );
  // Started from the command line on one screen: leaving it ends the program.
  const back = () => (start.kind === 'menu' ? setScreen({ kind: 'menu' }) : onExit());
  const begin = (started: RiscStarted) =>
    setScreen(started.ok ? { kind: 'game', match: started.match } : { kind: 'failed', reason: started.reason });

  switch (screen.kind) {
    case 'menu':
      return (
        <RiscMenu
          onChoose={(id) => {
            if (id === 'back') return onExit();
            if (id === 'local') {
              const match = launcher.local({ name: defaultName, players: 3, bot: 'hard', terms: DEFAULT_TERMS });
              return setScreen({ kind: 'game', match });
            }
            if (id === 'host') return setScreen({ kind: 'host', players: 3, terms: DEFAULT_TERMS, open: false });
            if (id === 'join') return setScreen({ kind: 'join', address: '', join: false });
            setScreen({ kind: id });
          }}
        />
      );
    case 'rules':
      return <RiscRulesScreen onBack={back} />;
    case 'host':
      return (
        <RiscHostScreen
          launcher={launcher}
          defaultName={defaultName}
          players={screen.players}
          terms={screen.terms}
          open={screen.open}
          onStarted={(match) => setScreen({ kind: 'game', match })}
          onBack={back}
        />
      );
    case 'join':
      return (
        <RiscJoinScreen
          launcher={launcher}
          defaultName={defaultName}
          address={screen.address}
          join={screen.join}
          onStarted={(match) => setScreen({ kind: 'game', match })}
          onBack={back}
        />
      );
    case 'resume':
      return (
        <RiscResumeScreen
          launcher={launcher}
          id={screen.id}
          onResume={(id) => begin(launcher.resume!(id))}
          onBack={back}
        />
      );
    case 'game':
      return <RiscGameScreen match={screen.match} onLeave={back} {...(size ? { size } : {})} />;
    case 'failed':
      return <Failed reason={screen.reason} onClose={back} />;
  }
}

function RiscMenu({ onChoose }: { onChoose: (id: (typeof ITEMS)[number]['id']) => void }) {
  const [selected, setSelected] = useState(0);
  useInput((input, key) => {
    if (isCtrlC(input, key) || key.escape || input === 'q') return onChoose('back');
    if (key.upArrow) setSelected((s) => (s + ITEMS.length - 1) % ITEMS.length);
    if (key.downArrow || key.tab) setSelected((s) => (s + 1) % ITEMS.length);
    if (key.return) onChoose(ITEMS[selected]!.id);
    const n = Number(input);
    if (Number.isInteger(n) && n >= 1 && n <= ITEMS.length) onChoose(ITEMS[n - 1]!.id);
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>RISC — everyone orders at once, in secret</Text>
      <Text dimColor>2–4 players, people on their own machines and bots; d20 battles</Text>
      <Text> </Text>
      {ITEMS.map((item, i) => (
        <Text key={item.id}>
          <Text inverse={i === selected} bold={i === selected}>
            {i === selected ? '▸ ' : '  '}
            {i + 1}. {item.label}
          </Text>
          <Text dimColor>{`  ${item.hint}`}</Text>
        </Text>
      ))}
      <Text> </Text>
      <Text dimColor>↑↓ and Enter, or the number · Esc back</Text>
    </Box>
  );
}

function RiscRulesScreen({ onBack }: { onBack: () => void }) {
  useInput((input, key) => {
    if (key.escape || key.return || input === 'q' || isCtrlC(input, key)) onBack();
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      {riscRules(DEFAULT_TURN_LIMIT)
        .split('\n')
        .map((line, i) => (
          <Text key={i}>{line}</Text>
        ))}
      <Text> </Text>
      <Text dimColor>The host of a networked game may set another turn limit, or none. Enter: back</Text>
    </Box>
  );
}

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
  const open = async (opening: () => Promise<import('./match.js').RiscOpened>) => {
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

function RiscHostScreen(props: {
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

function RiscJoinScreen(props: {
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

function RiscResumeScreen({
  launcher,
  id,
  onResume,
  onBack,
}: {
  launcher: RiscLauncher;
  id: number | undefined;
  onResume: (id: number) => void;
  onBack: () => void;
}) {
  const [listed] = useState(() =>
    launcher.saved ? launcher.saved() : ({ ok: false, reason: 'saved games are not available here' } as const),
  );
  const games: readonly SavedRisc[] = listed.ok ? listed.games : [];
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (id !== undefined && launcher.resume) onResume(id);
  }, []);
  useInput((input, key) => {
    if (key.escape || isCtrlC(input, key) || input === 'q') return onBack();
    if (key.upArrow) setSelected((s) => Math.max(0, s - 1));
    if (key.downArrow) setSelected((s) => Math.min(games.length - 1, s + 1));
    if (key.return && games[selected] && launcher.resume) onResume(games[selected]!.id);
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Resume a RISC game against bots</Text>
      <Text> </Text>
      {!listed.ok ? <Text>{listed.reason}</Text> : null}
      {listed.ok && games.length === 0 ? <Text>No RISC game is waiting to go on.</Text> : null}
      {games.map((g, i) => (
        <Text key={g.id} inverse={i === selected}>
          {`${i === selected ? '▸' : ' '} #${g.id}  ${g.startedAt.slice(0, 16).replace('T', ' ')}  turn ${g.turn}  ${g.players.join(', ')}`}
        </Text>
      ))}
      <Text> </Text>
      <Text dimColor>↑↓ and Enter: go on with it · Esc back</Text>
    </Box>
  );
}

function LobbyFailed({ title, reason }: { title: string; reason: string }) {
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{title}</Text>
      <Text>{plainReason(reason)}</Text>
      <Text> </Text>
      <Text>{adviceFor(reason)}</Text>
      <Text> </Text>
      <Text dimColor>Enter: try again · Esc: back</Text>
    </Box>
  );
}

function Failed({ reason, onClose }: { reason: string; onClose: () => void }) {
  useInput((input, key) => {
    if (key.escape || key.return || isCtrlC(input, key)) onClose();
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>The RISC game could not start</Text>
      <Text>{reason}</Text>
      <Text dimColor>Enter: back</Text>
    </Box>
  );
}
