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
import { editText, TextField } from '../text-field.js';
import type { RiscLauncher, RiscMatch, RiscStart, RiscStarted, SavedRisc } from './match.js';
import { RiscHostScreen, RiscJoinScreen, RiscResumeLobbyScreen } from './risc-lobby.js';
import { RiscGameScreen } from './risc-screen.js';
import { riscRules } from './text.js';

export type { RiscStart } from './match.js';

type Screen =
  | Exclude<RiscStart, { readonly kind: 'local' }>
  | { readonly kind: 'rules' }
  /** A stored networked game resumed with its players: hosted again, or joined at `address`. */
  | { readonly kind: 'resume-lobby'; readonly game: SavedRisc; readonly host: boolean; readonly address?: string }
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
          onResumeTogether={(game, host, address) =>
            setScreen({ kind: 'resume-lobby', game, host, ...(address !== undefined ? { address } : {}) })
          }
          onBack={back}
        />
      );
    case 'resume-lobby':
      return (
        <RiscResumeLobbyScreen
          launcher={launcher}
          game={screen.game}
          host={screen.host}
          {...(screen.address !== undefined ? { address: screen.address } : {})}
          onStarted={(match) => setScreen({ kind: 'game', match })}
          onBack={() => setScreen({ kind: 'resume' })}
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

/** What can be done with a stored networked game: take the seat back, host it again, join its host. */
type Going = 'rejoin' | 'host' | 'join';

function goingsOf(game: SavedRisc): { id: Going; label: string }[] {
  return [
    ...(game.rejoin ? [{ id: 'rejoin' as const, label: 'r  Take your seat back (the others still play)' }] : []),
    ...(game.resumable?.host ? [{ id: 'host' as const, label: 'h  Host it again (every player stopped)' }] : []),
    ...(game.resumable && !game.resumable.host
      ? [{ id: 'join' as const, label: 'j  Join its host (every player stopped; the first host offers it again)' }]
      : []),
  ];
}

function RiscResumeScreen({
  launcher,
  id,
  onResume,
  onResumeTogether,
  onBack,
}: {
  launcher: RiscLauncher;
  id: number | undefined;
  onResume: (id: number) => void;
  /** A networked game every player stopped: host it again, or join its host at `address`. */
  onResumeTogether: (game: SavedRisc, host: boolean, address?: string) => void;
  onBack: () => void;
}) {
  const [listed] = useState(() =>
    launcher.saved ? launcher.saved() : ({ ok: false, reason: 'saved games are not available here' } as const),
  );
  const games: readonly SavedRisc[] = listed.ok ? listed.games : [];
  const [selected, setSelected] = useState(0);
  const [chosen, setChosen] = useState<{ game: SavedRisc; at: number; address: string | null } | null>(null);
  useEffect(() => {
    if (id !== undefined && launcher.resume) onResume(id);
  }, []);
  const go = (game: SavedRisc, going: Going) => {
    if (going === 'rejoin') return onResume(game.id);
    if (going === 'host') return onResumeTogether(game, true);
    setChosen({ game, at: 0, address: game.resumable?.hostAddresses[0] ?? '' });
  };
  useInput((input, key) => {
    if (isCtrlC(input, key)) return onBack();
    if (chosen !== null && chosen.address !== null) {
      if (key.escape) return setChosen({ ...chosen, address: null });
      if (key.return && chosen.address.trim() !== '')
        return onResumeTogether(chosen.game, false, chosen.address.trim());
      const edited = editText(chosen.address, input, key, 300);
      if (edited !== null) setChosen({ ...chosen, address: edited.trim() });
      return;
    }
    if (chosen !== null) {
      const goings = goingsOf(chosen.game);
      if (key.escape || input === 'q') return setChosen(null);
      if (key.upArrow) setChosen({ ...chosen, at: Math.max(0, chosen.at - 1) });
      if (key.downArrow) setChosen({ ...chosen, at: Math.min(goings.length - 1, chosen.at + 1) });
      const byKey = goings.find((g) => g.label.startsWith(`${input} `));
      if (byKey) return go(chosen.game, byKey.id);
      if (key.return && goings[chosen.at]) go(chosen.game, goings[chosen.at]!.id);
      return;
    }
    if (key.escape || input === 'q') return onBack();
    if (key.upArrow) setSelected((s) => Math.max(0, s - 1));
    if (key.downArrow) setSelected((s) => Math.min(games.length - 1, s + 1));
    const game = games[selected];
    if (!key.return || game === undefined || !launcher.resume) return;
    // A game against bots goes on at once; a networked one is taken back, hosted again or joined.
    if (game.rejoin === undefined && game.resumable === undefined) onResume(game.id);
    else setChosen({ game, at: 0, address: null });
  });
  if (chosen !== null) {
    const goings = goingsOf(chosen.game);
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>{`Networked RISC game #${chosen.game.id}`}</Text>
        <Text>{`turn ${chosen.game.turn}  ${chosen.game.players.join(', ')}`}</Text>
        <Text> </Text>
        {chosen.address !== null ? (
          <>
            <Text>The address of the player hosting it again (its host's, as stored when the game started):</Text>
            <TextField label="Host address" value={chosen.address} focus placeholder="e.g. 192.168.1.20:7475" />
            <Text> </Text>
            <Text dimColor>type to change it · Enter join · Esc back</Text>
          </>
        ) : (
          <>
            {goings.map((g, i) => (
              <Text key={g.id} inverse={i === chosen.at}>{`${i === chosen.at ? '▸ ' : '  '}${g.label}`}</Text>
            ))}
            <Text> </Text>
            <Text dimColor>↑↓ and Enter, or the letter · Esc back to the list</Text>
          </>
        )}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Resume a RISC game</Text>
      <Text> </Text>
      {!listed.ok ? <Text>{listed.reason}</Text> : null}
      {listed.ok && games.length === 0 ? <Text>No RISC game is waiting to go on.</Text> : null}
      {games.map((g, i) => (
        <Text key={g.id} inverse={i === selected}>
          {`${i === selected ? '▸' : ' '} #${g.id}  ${g.startedAt.slice(0, 16).replace('T', ' ')}  turn ${g.turn}  ${g.players.join(', ')}${networkedNote(g)}`}
        </Text>
      ))}
      <Text> </Text>
      <Text dimColor>↑↓ and Enter: go on with it · Esc back</Text>
    </Box>
  );
}

/** How a listed networked game goes on, in a few words. */
function networkedNote(game: SavedRisc): string {
  if (game.rejoin) return '  (networked: take your seat back)';
  if (game.resumable) return `  (networked, stopped: ${game.resumable.host ? 'host it again' : 'join its host'})`;
  return '';
}

function Failed({ reason, onClose }: { reason: string; onClose: () => void }) {
  useInput((input, key) => {
    if (key.escape || key.return || isCtrlC(input, key)) onClose();
  });
  return <Failure title="The RISC game could not start" reason={reason} hint="Enter: back" />;
}
