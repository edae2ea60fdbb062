// The whole terminal UI: the menu, the screens that start a game, the game itself, and back.
import { Box, Text, useInput, useWindowSize } from 'ink';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Failure } from './failure.js';
import { GameScreen } from './game-screen.js';
import { HelpScreen, helpLines, helpRows } from './help-screen.js';
import { HostScreen } from './host-screen.js';
import { HotSeatSetup } from './hot-seat-setup.js';
import { JoinScreen } from './join-screen.js';
import { isCtrlC } from './keys.js';
import type { HotSeatPlayer, Launcher, SavedGame, Started } from './launcher.js';
import { MainMenu, type MenuChoice } from './main-menu.js';
import { NetworkResumeScreen } from './network-resume-screen.js';
import type { NetworkAction } from './saved-games.js';
import { scrollKey } from './scroll.js';
import { defaultSettings, type Settings } from './settings.js';
import { SettingsScreen } from './settings-screen.js';
import { ResumeScreen, StatsScreen } from './store-screens.js';
import type { Table } from './table.js';
import { ThemeContext, useTheme } from './theme.js';

// RISC loads when chosen: its orders and records bring the wire schemas (zod), which the menu's
// first paint does without (bench:startup).
const RiscEntry = lazy(() => import('./risc/risc-app.js').then((m) => ({ default: m.RiscEntry })));

export type Screen =
  | { readonly kind: 'menu'; readonly notice?: string }
  | { readonly kind: 'help' }
  /** RISC's own menu, or straight into one of its screens (risk play host --game risc). */
  | { readonly kind: 'risc'; readonly start?: import('./risc/risc-app.js').RiscStart }
  /** `open`: straight to the lobby with these settings (risk play host). */
  | { readonly kind: 'host'; readonly players?: number; readonly open?: boolean }
  /** `join`: dial at once (risk play join ADDRESS). */
  | { readonly kind: 'join'; readonly address?: string; readonly join?: boolean }
  /** `start`: the players are given, the game starts at once (risk play hotseat Ann Bea). */
  | { readonly kind: 'hotseat'; readonly players?: readonly HotSeatPlayer[]; readonly start?: boolean }
  | { readonly kind: 'resume' }
  /** A stored networked game going on: rejoined, hosted again, or joined at its host (`address`). */
  | {
      readonly kind: 'network-resume';
      readonly game: SavedGame;
      readonly action: NetworkAction;
      readonly address?: string;
    }
  | { readonly kind: 'stats' }
  | { readonly kind: 'settings' }
  | { readonly kind: 'starting'; readonly what: string }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'game'; readonly table: Table };

/** How long your battles' dice tumble when the animation is on (settings). */
export const ROLL_MS = 600;

export interface AppProps {
  readonly launcher: Launcher;
  readonly defaultName: string;
  /** The player's settings for this run (the file's, with the flags over them); default: the defaults. */
  readonly settings?: Settings;
  /** Keeps changed settings for later runs (the menu's Settings); none: they last this run only. */
  readonly saveSettings?: (next: Settings) => { ok: true } | { ok: false; reason: string };
  /** Where the settings are kept, shown on the Settings screen. */
  readonly settingsPath?: string;
  /** Said on the first menu (e.g. why the settings file was not used). */
  readonly notice?: string;
  /** Where to begin: the menu, or straight into one of its items (risk play quick, …). */
  readonly start?: Screen | 'quick';
  /** Called once when the player quits. */
  readonly onExit: () => void;
  /** The menu's "In the browser": the terminal UI closes and the game goes on in a web page. */
  readonly onWeb?: () => void;
  readonly rollMs?: number;
  readonly size?: { readonly columns: number; readonly rows: number };
}

export function App(props: AppProps) {
  const [settings, setSettings] = useState<Settings>(() => props.settings ?? defaultSettings(props.defaultName));
  // Colours off (NO_COLOR, --no-color) stay off; the settings may turn them off too, and choose your colour.
  const outer = useTheme();
  const theme = useMemo(
    () => ({ ...outer, color: outer.color && settings.colors, yours: settings.color }),
    [outer, settings.colors, settings.color],
  );
  return (
    <ThemeContext.Provider value={theme}>
      <Screens {...props} settings={settings} onSettings={setSettings} />
    </ThemeContext.Provider>
  );
}

function Screens({
  launcher,
  start,
  onExit,
  onWeb,
  rollMs: givenRollMs,
  size,
  settings,
  onSettings,
  saveSettings,
  settingsPath,
  notice,
}: AppProps & { readonly settings: Settings; readonly onSettings: (next: Settings) => void }) {
  const defaultName = settings.name;
  const rollMs = givenRollMs ?? (settings.diceAnimation ? ROLL_MS : 0);
  const [screen, setScreen] = useState<Screen>(() =>
    start === 'quick'
      ? { kind: 'starting', what: 'a quick game' }
      : start?.kind === 'hotseat' && start.start
        ? { kind: 'starting', what: 'the hot-seat game' }
        : (start ?? { kind: 'menu', ...(notice ? { notice } : {}) }),
  );
  // Bumped when the player leaves a starting screen, so a game that starts late is stopped, not shown.
  const attempt = useRef(0);

  const begin = (started: Started) =>
    setScreen(started.ok ? { kind: 'game', table: started.table } : { kind: 'failed', reason: started.reason });
  const quick = () => {
    const mine = ++attempt.current;
    setScreen({ kind: 'starting', what: 'a quick game: you and three bots, each bot a peer on this machine' });
    launcher.quickGame(defaultName, settings.bot).then(
      (started) => {
        if (mine === attempt.current) begin(started);
        else if (started.ok) void started.table.quit();
      },
      (error: Error) => mine === attempt.current && begin({ ok: false, reason: error.message }),
    );
  };
  useEffect(() => {
    if (start === 'quick') quick();
    // risk play hotseat Ann Bea: the players are given, the game starts.
    else if (start?.kind === 'hotseat' && start.start && start.players) begin(launcher.hotSeat(start.players));
  }, []);

  const choose = (choice: MenuChoice) => {
    switch (choice) {
      case 'quick':
        return quick();
      case 'quit':
        return onExit();
      case 'web':
        return onWeb ? onWeb() : setScreen({ kind: 'menu', notice: 'The browser is not available here.' });
      default:
        return setScreen({ kind: choice });
    }
  };
  const toMenu = () => {
    attempt.current++;
    setScreen({ kind: 'menu' });
  };

  switch (screen.kind) {
    case 'menu':
      return <MainMenu onChoose={choose} notice={screen.notice ?? null} />;
    case 'help':
      return <HelpAlone onClose={toMenu} {...(size ? { size } : {})} />;
    case 'risc':
      return (
        <Suspense fallback={<Text>Starting RISC…</Text>}>
          <RiscEntry
            load={() => launcher.risc?.() ?? Promise.reject(new Error('RISC is not available here'))}
            defaultName={defaultName}
            {...(screen.start ? { start: screen.start } : {})}
            // Started from the command line on a RISC screen: leaving it ends the program.
            onExit={screen.start && screen.start.kind !== 'menu' ? onExit : toMenu}
            {...(size ? { size } : {})}
          />
        </Suspense>
      );
    case 'host':
      return (
        <HostScreen
          launcher={launcher}
          defaultName={defaultName}
          rules={settings.rules}
          bot={settings.bot}
          moveTimeoutMs={settings.moveTimeoutSeconds * 1000}
          {...(screen.players ? { players: screen.players } : {})}
          open={screen.open === true}
          onStarted={(table) => setScreen({ kind: 'game', table })}
          onBack={toMenu}
        />
      );
    case 'join':
      return (
        <JoinScreen
          launcher={launcher}
          defaultName={defaultName}
          {...(screen.address ? { address: screen.address } : {})}
          join={screen.join === true && Boolean(screen.address)}
          onStarted={(table) => setScreen({ kind: 'game', table })}
          onBack={toMenu}
        />
      );
    case 'hotseat':
      return (
        <HotSeatSetup
          {...(screen.players ? { initial: screen.players } : {})}
          initialRules={settings.rules}
          you={{ name: defaultName, bot: settings.bot }}
          onStart={(players, rules) => begin(launcher.hotSeat(players, rules))}
          onBack={toMenu}
        />
      );
    case 'resume': {
      if (!launcher.resumeGame || !launcher.savedGames)
        return <Failed reason="saved games are not available here" onClose={toMenu} />;
      const saved = launcher.savedGames();
      return (
        <ResumeScreen
          games={saved.ok ? saved.games : []}
          problem={saved.ok ? null : saved.reason}
          onResume={(id) => begin(launcher.resumeGame!(id))}
          onNetwork={(game, action, address) =>
            setScreen({ kind: 'network-resume', game, action, ...(address ? { address } : {}) })
          }
          onBack={toMenu}
        />
      );
    }
    case 'network-resume':
      return (
        <NetworkResumeScreen
          launcher={launcher}
          game={screen.game}
          action={screen.action}
          {...(screen.address ? { address: screen.address } : {})}
          onStarted={(table) => setScreen({ kind: 'game', table })}
          onBack={() => setScreen({ kind: 'resume' })}
        />
      );
    case 'stats':
      return (
        <StatsScreen
          load={(width) => launcher.statsText?.(width) ?? ['statistics are not available here']}
          onBack={toMenu}
          {...(size ? { size } : {})}
        />
      );
    case 'settings':
      return (
        <SettingsScreen
          settings={settings}
          {...(settingsPath ? { path: settingsPath } : {})}
          save={saveSettings ?? null}
          onDone={(next) => {
            onSettings(next);
            setScreen({ kind: 'menu', notice: saveSettings ? 'Settings saved.' : 'Settings kept for this run.' });
          }}
          onBack={toMenu}
        />
      );
    case 'starting':
      return <Waiting text={`Starting ${screen.what}…`} onCancel={toMenu} />;
    case 'failed':
      return <Failed reason={screen.reason} onClose={toMenu} />;
    case 'game':
      return (
        <GameScreen
          table={screen.table}
          {...(rollMs !== undefined ? { rollMs } : {})}
          {...(size ? { size } : {})}
          onLeave={(how, ended) =>
            how === 'exit'
              ? onExit()
              : setScreen(ended ? { kind: 'menu' } : { kind: 'menu', notice: 'You left the game.' })
          }
        />
      );
  }
}

function HelpAlone({
  onClose,
  size,
}: {
  onClose: () => void;
  size?: { readonly columns: number; readonly rows: number };
}) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const [offset, setOffset] = useState(0);
  useInput((input, key) => {
    if (key.escape || key.return || input === '?' || input === 'q' || isCtrlC(input, key)) return onClose();
    const next = scrollKey(offset, helpLines(columns - 1, null).length, helpRows(rows), input, key);
    if (next !== null) setOffset(next);
  });
  return <HelpScreen columns={columns} rows={rows} offset={offset} closeHint="Esc or Enter: back to the menu" />;
}

function Waiting({ text, onCancel }: { text: string; onCancel: () => void }) {
  useInput((input, key) => {
    if (key.escape || isCtrlC(input, key)) onCancel();
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text>{text}</Text>
    </Box>
  );
}

function Failed({ reason, onClose }: { reason: string; onClose: () => void }) {
  useInput((input, key) => {
    if (key.escape || key.return || isCtrlC(input, key)) onClose();
  });
  return <Failure title="The game could not start" reason={reason} hint="Enter: back to the menu" />;
}
