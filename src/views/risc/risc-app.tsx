// RISC in the Ink UI: its own small menu (against bots, host, join, resume, rules), the lobbies
// of a networked game (risc-lobby.tsx), and the game screen. Reached from the main menu's RISC item and by
// `risk play [host|join] --game risc`.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { DEFAULT_START_UNITS, DEFAULT_TURN_LIMIT } from '../../model/risc/index.js';
import type { RiscTerms } from '../../protocol/risc-terms.js';
import { ChoiceMenu } from '../choice-menu.js';
import { Failure } from '../failure.js';
import { isCtrlC } from '../keys.js';
import type { RiscLauncher, RiscMatch, RiscStart, RiscStarted, SavedRisc } from './match.js';
import { RiscHostScreen, RiscJoinScreen } from './risc-lobby.js';
import { RiscGameScreen } from './risc-screen.js';
import { riscRules } from './text.js';

export type { RiscStart } from './match.js';

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
  { id: 'resume', label: 'Resume', hint: 'go on with a game against bots you left, or take your seat back' },
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
  return (
    <ChoiceMenu
      title="RISC — everyone orders at once, in secret"
      subtitle="2–4 players, people on their own machines and bots; d20 battles"
      items={ITEMS}
      footer="↑↓ and Enter, or the number · Esc back"
      onChoose={onChoose}
      shortcut={(input, key) => (isCtrlC(input, key) || key.escape || input === 'q' ? 'back' : null)}
    />
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
      <Text bold>Resume a RISC game</Text>
      <Text> </Text>
      {!listed.ok ? <Text>{listed.reason}</Text> : null}
      {listed.ok && games.length === 0 ? <Text>No RISC game is waiting to go on.</Text> : null}
      {games.map((g, i) => (
        <Text key={g.id} inverse={i === selected}>
          {`${i === selected ? '▸' : ' '} #${g.id}  ${g.startedAt.slice(0, 16).replace('T', ' ')}  turn ${g.turn}  ${g.players.join(', ')}${g.rejoin ? '  (networked: take your seat back)' : ''}`}
        </Text>
      ))}
      <Text> </Text>
      <Text dimColor>↑↓ and Enter: go on with it · Esc back</Text>
    </Box>
  );
}

function Failed({ reason, onClose }: { reason: string; onClose: () => void }) {
  useInput((input, key) => {
    if (key.escape || key.return || isCtrlC(input, key)) onClose();
  });
  return <Failure title="The RISC game could not start" reason={reason} hint="Enter: back" />;
}
