// The page's menu and the forms that start a game: a quick game, hot seat (people and bots at this
// screen), hosting (players, your name, the house rules, the move timeout), joining a host, RISC
// (against bots, hosting or joining), the saved games to go on with, and the statistics of the stored games.
import { useState } from 'react';
import { defaultCapitalsToWin, HOUSE_RULES } from '../model/index.js';
import { DEFAULT_START_UNITS, DEFAULT_TURN_LIMIT, MAX_START_UNITS, MAX_TURN_LIMIT } from '../model/risc/state.js';
import { LABELS, ruleFields, rulesFor, ruleValue, valueText } from '../views/rules-words.js';
import type { Defaults, PageCommand } from '../views/web/wire.js';

type Rules = Defaults['rules'];

type Form = null | 'hotseat' | 'host' | 'join' | 'risc';
type Send = (command: PageCommand) => void;

const BOTS = ['easy', 'normal', 'hard'] as const;

export function Menu({ defaults, notice, send }: { defaults: Defaults; notice: string | null; send: Send }) {
  const [form, setForm] = useState<Form>(null);
  const [name, setName] = useState(defaults.name);
  const items: { id: Exclude<Form, null> | 'quick' | 'resume' | 'stats' | 'quit'; label: string; hint: string }[] = [
    { id: 'quick', label: 'Quick game', hint: 'you against three bots, no questions asked' },
    { id: 'host', label: 'Host a game', hint: 'others join you over the network' },
    { id: 'join', label: 'Join a game', hint: 'type the address a host shows you' },
    { id: 'hotseat', label: 'Hot seat', hint: 'several players at this screen' },
    { id: 'resume', label: 'Resume', hint: 'go on with a saved game' },
    { id: 'risc', label: 'RISC', hint: 'everyone orders at once, in secret' },
    { id: 'stats', label: 'Stats', hint: 'wins, dice luck and charts of the stored games' },
    { id: 'quit', label: 'Quit', hint: 'stops risk (the page can then be closed)' },
  ];
  const choose = (id: (typeof items)[number]['id']) => {
    if (id === 'quick') send({ type: 'quick', name });
    else if (id === 'resume') send({ type: 'saved' });
    else if (id === 'stats') send({ type: 'stats' });
    else if (id === 'quit') send({ type: 'quit' });
    else setForm(id);
  };
  return (
    <div className="screen menu">
      <h1>RISK</h1>
      <p className="quiet">peer to peer world domination: every peer checks every move and helps roll every die</p>
      <label className="field">
        Your name
        <input value={name} maxLength={32} onChange={(e) => setName(e.currentTarget.value)} data-testid="name" />
      </label>
      {form === null ? (
        <nav className="menu-items">
          {items.map((item) => (
            <button type="button" key={item.id} onClick={() => choose(item.id)} data-testid={`menu-${item.id}`}>
              <strong>{item.label}</strong> <span className="quiet">{item.hint}</span>
            </button>
          ))}
        </nav>
      ) : form === 'hotseat' ? (
        <HotSeatForm defaults={defaults} name={name} send={send} onBack={() => setForm(null)} />
      ) : form === 'host' ? (
        <HostForm defaults={defaults} name={name} send={send} onBack={() => setForm(null)} />
      ) : form === 'join' ? (
        <JoinForm name={name} send={send} onBack={() => setForm(null)} />
      ) : (
        <RiscForm name={name} send={send} onBack={() => setForm(null)} />
      )}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

function RulesFields({ players, rules, onRules }: { players: number; rules: Rules; onRules: (r: Rules) => void }) {
  return (
    <fieldset className="rules">
      <legend>House rules</legend>
      {ruleFields(players, rules).map((field) => {
        const values: string[] =
          field === 'capitalsToWin'
            ? Array.from({ length: players - 1 }, (_, i) => String(i + 1))
            : [...HOUSE_RULES[field]];
        const set = (value: string) => {
          const { [field]: _old, ...rest } = rules;
          const first = field === 'capitalsToWin' ? String(defaultCapitalsToWin(players)) : values[0];
          onRules(value === first ? rest : { ...rest, [field]: field === 'capitalsToWin' ? Number(value) : value });
        };
        return (
          <label className="field" key={field}>
            {LABELS[field]}
            <select
              value={ruleValue(rules, field, players)}
              onChange={(e) => set(e.currentTarget.value)}
              data-testid={`rule-${field}`}
            >
              {values.map((v) => (
                <option key={v} value={v}>
                  {valueText({ ...rules, [field]: field === 'capitalsToWin' ? Number(v) : v } as Rules, field, players)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </fieldset>
  );
}

function HotSeatForm({
  defaults,
  name,
  send,
  onBack,
}: {
  defaults: Defaults;
  name: string;
  send: Send;
  onBack: () => void;
}) {
  const [players, setPlayers] = useState<{ name: string; kind: 'human' | 'easy' | 'normal' | 'hard' }[]>([
    { name, kind: 'human' },
    { name: 'Player 2', kind: 'human' },
  ]);
  const [rules, setRules] = useState<Rules>(defaults.rules);
  const change = (i: number, row: Partial<(typeof players)[number]>) =>
    setPlayers((list) => list.map((p, k) => (k === i ? { ...p, ...row } : p)));
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'hotseat', players, rules: rulesFor(rules, players.length) });
      }}
    >
      <h2>Hot seat</h2>
      <ol className="seats">
        {players.map((p, i) => (
          <li key={i}>
            <input
              value={p.name}
              maxLength={32}
              aria-label={`player ${i + 1}'s name`}
              onChange={(e) => change(i, { name: e.currentTarget.value })}
            />
            <select
              value={p.kind}
              aria-label={`player ${i + 1}: person or bot`}
              onChange={(e) => change(i, { kind: e.currentTarget.value as (typeof players)[number]['kind'] })}
            >
              <option value="human">person</option>
              {BOTS.map((b) => (
                <option key={b} value={b}>
                  {b} bot
                </option>
              ))}
            </select>
            {players.length > 2 ? (
              <button
                type="button"
                onClick={() => setPlayers((l) => l.filter((_, k) => k !== i))}
                aria-label="remove this player"
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {players.length < 6 ? (
        <button
          type="button"
          onClick={() => setPlayers((l) => [...l, { name: `${defaults.bot} bot`, kind: defaults.bot }])}
        >
          Add a player
        </button>
      ) : null}
      <RulesFields players={players.length} rules={rulesFor(rules, players.length)} onRules={setRules} />
      <SubmitOrBack label="Start" testId="start" onBack={onBack} />
    </form>
  );
}

function HostForm({
  defaults,
  name,
  send,
  onBack,
}: {
  defaults: Defaults;
  name: string;
  send: Send;
  onBack: () => void;
}) {
  const [players, setPlayers] = useState(defaults.players);
  const [rules, setRules] = useState<Rules>(defaults.rules);
  const [timeout, setTimeoutSeconds] = useState(defaults.moveTimeoutSeconds);
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'host', name, players, rules: rulesFor(rules, players), moveTimeoutSeconds: timeout });
      }}
    >
      <h2>Host a game</h2>
      <label className="field">
        Players (you included)
        <select value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))} data-testid="host-players">
          {[2, 3, 4, 5, 6].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Seconds a player may think
        <input
          type="number"
          min={5}
          max={86400}
          value={timeout}
          onChange={(e) => setTimeoutSeconds(Number(e.currentTarget.value))}
        />
      </label>
      <RulesFields players={players} rules={rulesFor(rules, players)} onRules={setRules} />
      <SubmitOrBack label="Open the lobby" testId="host-open" onBack={onBack} />
    </form>
  );
}

function JoinForm({ name, send, onBack }: { name: string; send: Send; onBack: () => void }) {
  const [address, setAddress] = useState('');
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (address.trim() !== '') send({ type: 'join', name, address: address.trim() });
      }}
    >
      <h2>Join a game</h2>
      <label className="field">
        The host's address (as the host's screen shows it, e.g. 192.168.1.20:7475)
        <input value={address} onChange={(e) => setAddress(e.currentTarget.value)} data-testid="join-address" />
      </label>
      <SubmitOrBack label="Join" testId="join" onBack={onBack} />
    </form>
  );
}

function RiscForm({ name, send, onBack }: { name: string; send: Send; onBack: () => void }) {
  const [how, setHow] = useState<'bots' | 'host' | 'join'>('bots');
  const [players, setPlayers] = useState(3);
  const [bot, setBot] = useState<(typeof BOTS)[number]>('hard');
  const [startUnits, setStartUnits] = useState(DEFAULT_START_UNITS);
  const [turnLimit, setTurnLimit] = useState<number | null>(DEFAULT_TURN_LIMIT);
  const [address, setAddress] = useState('');
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (how === 'bots') send({ type: 'risc', name, players, bot });
        else if (how === 'host') send({ type: 'risc-host', name, players, startUnits, turnLimit });
        else if (address.trim() !== '') send({ type: 'risc-join', name, address: address.trim() });
      }}
    >
      <h2>RISC: everyone orders at once</h2>
      <label className="field">
        Play
        <select value={how} onChange={(e) => setHow(e.currentTarget.value as typeof how)} data-testid="risc-how">
          <option value="bots">against bots on this machine</option>
          <option value="host">host: others join over the network</option>
          <option value="join">join a host</option>
        </select>
      </label>
      {how === 'join' ? (
        <label className="field">
          The host's address (as the host's screen shows it, e.g. 192.168.1.20:7475)
          <input value={address} onChange={(e) => setAddress(e.currentTarget.value)} data-testid="risc-address" />
        </label>
      ) : (
        <label className="field">
          Players (you included)
          <select
            value={players}
            onChange={(e) => setPlayers(Number(e.currentTarget.value))}
            data-testid="risc-players"
          >
            {[2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {how === 'bots' ? (
        <label className="field">
          Bots
          {/* RISC's bots have the classic bots' three names (the server checks the one chosen). */}
          <select value={bot} onChange={(e) => setBot(e.currentTarget.value as (typeof BOTS)[number])}>
            {BOTS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {how === 'host' ? (
        <>
          <label className="field">
            Units each player places at the start
            <input
              type="number"
              min={1}
              max={MAX_START_UNITS}
              value={startUnits}
              onChange={(e) => setStartUnits(Number(e.currentTarget.value))}
            />
          </label>
          <label className="field">
            Turn limit (empty: none; then the most territories wins)
            <input
              type="number"
              min={1}
              max={MAX_TURN_LIMIT}
              value={turnLimit ?? ''}
              onChange={(e) => setTurnLimit(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
            />
          </label>
        </>
      ) : null}
      <SubmitOrBack
        label={how === 'bots' ? 'Start' : how === 'host' ? 'Open the lobby' : 'Join'}
        testId="risc-start"
        onBack={onBack}
      />
    </form>
  );
}

/** A form's two buttons: submit it, or go back. */
function SubmitOrBack({ label, testId, onBack }: { label: string; testId: string; onBack: () => void }) {
  return (
    <div className="buttons">
      <button type="submit" className="primary" data-testid={testId}>
        {label}
      </button>
      <button type="button" onClick={onBack}>
        Back
      </button>
    </div>
  );
}
