// The actions of a classic game, in the class protocol's vocabulary: what a seat decides and the
// reducer applies (reducer.ts), kept apart so that the queries can name them without the reducer.

export type Triple = readonly [number, number, number];

export type Action =
  | { readonly command: 'first_player' }
  | { readonly command: 'shuffle_deck' }
  | { readonly command: 'deal_territories' }
  /**
   * Secret Mission Risk. Without a payload (offline) the dice deal the missions. With one (a
   * networked replica after the secret deal): each player's mission card as this peer knows it,
   * null where it does not (another peer's secret); the neutral army's entry is null.
   */
  | { readonly command: 'deal_missions'; readonly payload?: readonly (number | null)[] }
  /** Capital Risk: every player's capital at once (-1 for the neutral army and players without one). */
  | { readonly command: 'choose_capitals'; readonly payload: readonly number[] }
  /**
   * Capital Risk: one player's secret choice. Applying it only checks it and changes nothing: a
   * controller collects one from each player and applies choose_capitals when all are in.
   */
  | { readonly command: 'choose_capital'; readonly player: number; readonly payload: number }
  /** Secret Mission Risk: reveal one's mission card (its index, 0–13) and win with it; refused unless complete. */
  | { readonly command: 'claim_mission'; readonly player: number; readonly payload: number }
  | { readonly command: 'setup'; readonly player: number; readonly payload: number }
  | {
      readonly command: 'play_cards';
      readonly player: number;
      /** null: no trade. `armies`, when given and not -1, must equal what the trade yields. */
      readonly payload: null | { readonly cards: readonly (readonly number[])[]; readonly armies?: number };
    }
  | { readonly command: 'deploy'; readonly player: number; readonly payload: readonly (readonly [number, number])[] }
  | { readonly command: 'attack'; readonly player: number; readonly payload: Triple }
  | { readonly command: 'defend'; readonly player: number; readonly payload: number }
  | { readonly command: 'attack_capture'; readonly player: number; readonly payload: Triple }
  /** null, or an army count of 0, is no move; either way the turn ends. */
  | { readonly command: 'fortify'; readonly player: number; readonly payload: Triple | null }
  /** The player becomes neutral: keeps territories and armies, takes no more turns. */
  | { readonly command: 'leave_game' | 'timeout'; readonly player: number };
