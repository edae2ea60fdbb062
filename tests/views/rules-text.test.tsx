// The rules text tells the rules in force: a game's own house rules and variant in its help (and
// plain mode's "rules"), not every house rule at once (issue 27, point 6).
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/model/index.js';
import { GameScreen } from '../../src/views/game-screen.js';
import { rulesSummary } from '../../src/views/rules-text.js';
import { Table } from '../../src/views/table.js';
import { ThemeContext } from '../../src/views/theme.js';
import { midGame } from '../helpers.js';
import { press, screenMounter, until } from './ink-helpers.js';

const mount = screenMounter();

function options(input: Parameters<typeof resolveOptions>[0]) {
  const resolved = resolveOptions(input);
  if (!resolved.ok) throw new Error(resolved.reason);
  return resolved.value;
}

describe('the rules of the game in hand', () => {
  it('a default game: the 1993 rules only, no house rule and no neutral army', () => {
    const text = rulesSummary(options({ players: 4 })).join('\n');
    expect(text).toContain('claims an empty territory');
    expect(text).toContain('4, 6, 8, 10, 12, 15');
    expect(text).toContain('30 armies');
    expect(text).not.toMatch(/house rule|dealt at random|6 \(three infantry\)|neutral army|capital|mission/i);
  });

  it("each house rule and variant as chosen: random setup, fixed cards, chained fortify, Capital Risk's count", () => {
    const text = rulesSummary(
      options({
        players: 5,
        setup: 'random',
        cardValues: 'fixed',
        fortify: 'connected',
        variant: 'capital',
        capitalsToWin: 2,
      }),
    ).join('\n');
    expect(text).toContain('the territories are dealt at random');
    expect(text).toContain('6 (three infantry), 8 (three cavalry), 10 (three artillery) or 10 (one of each)');
    expect(text).toContain('joined to it through your own');
    expect(text).toContain('Hold your own capital and 2 other capitals to win');
    expect(text).not.toMatch(/4, 6, 8, 10|claims an empty territory|to a neighbour you own/);
  });

  it('two players: the neutral army only when the game has one', () => {
    expect(rulesSummary(options({ players: 2 })).join('\n')).toContain('a neutral army');
    const duel = rulesSummary(options({ players: 2, twoPlayer: 'duel' })).join('\n');
    expect(duel).toContain('Two players, no neutral army.');
    expect(duel).not.toMatch(/neutral army never|1 neutral army/);
  });

  it("the help in a duel game tells that game's rules", async () => {
    const table = new Table({
      mode: 'quick',
      players: [
        { id: 0, name: 'Ann', kind: 'you' },
        { id: 1, name: 'Bot', kind: 'bot' },
      ],
    });
    table.show(midGame({ options: { twoPlayer: 'duel', cardValues: 'fixed' } }));
    const { stdin, lastFrame } = mount(
      <ThemeContext.Provider value={{ color: false }}>
        <GameScreen table={table} size={{ columns: 120, rows: 60 }} onLeave={() => {}} />
      </ThemeContext.Provider>,
    );
    await until(lastFrame, 'RISK');
    await press(stdin, '?');
    const help = await until(lastFrame, 'The rules of this game');
    expect(help).toContain('Two players, no neutral army.');
    expect(help).toContain('6 (three infantry)');
    expect(help).not.toMatch(/house rule|a neutral army/i);
  });
});
