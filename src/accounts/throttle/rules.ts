/**
 * The account site's throttle rules (docs/operations.md "Account security"): which attempts are
 * counted per what, when a proof of work is asked for, and when attempts are blocked. The numbers
 * follow the way the best sign-in pages slow an attacker without locking the owner out: a guesser
 * at one account from one address gets a few tries and then ever longer waits; the account itself
 * is never blocked (anyone could block it), it only asks every sign-in for an anti-bot proof once
 * it has seen many failures; an address that guesses across accounts must prove work and is then
 * blocked too.
 * @module
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "Never" for {@link ThrottleRule.blockAfter} and {@link ThrottleRule.proofAfter} (SQLite wants a finite number). */
export const NEVER = 2 ** 31

/** How attempts under one key are counted. */
export interface ThrottleRule {
  /** Key prefix: rows are `<name>:<subject>` in `login_failures`. */
  name: string
  /** Attempts counted before the next ones wait: reaching it blocks for {@link blockMs}, each later attempt twice as long. */
  blockAfter: number
  /** The first block. */
  blockMs: number
  /** The longest block (kept shorter than {@link quietMs}, so an owner is never shut out for good). */
  maxBlockMs: number
  /** Counted attempts after which every further one needs an anti-bot proof ({@link NEVER}: never). */
  proofAfter: number
  /** A run of attempts is forgotten after this long without one. */
  quietMs: number
  /** A success forgets the whole run (the pair of account and address proved it knows the password). */
  clearOnSuccess?: boolean
}

/** The rules; each credential form names the ones it passes (routes/auth.tsx, routes/manage.tsx, routes/recovery.tsx). */
export const RULES = {
  /** Password guesses at one account from one address: 5, then 15 min, 30 min, 1 h … (at most 5 per window). */
  passwordPair: { name: 'pw-pair', blockAfter: 5, blockMs: 15 * MINUTE, maxBlockMs: 12 * HOUR, proofAfter: NEVER, quietMs: DAY, clearOnSuccess: true },
  /** Password guesses at any account from one address (credential stuffing): a proof after 5, blocked after 30. */
  passwordAddress: { name: 'pw-ip', blockAfter: 30, blockMs: 15 * MINUTE, maxBlockMs: 12 * HOUR, proofAfter: 5, quietMs: DAY },
  /** Password guesses at one account from anywhere: never blocked (the owner must get in), a proof after 10. */
  passwordAccount: { name: 'pw-account', blockAfter: NEVER, blockMs: 0, maxBlockMs: 0, proofAfter: 10, quietMs: DAY },
  /** Sign-ups from one address: 3 without a proof, at most 10 a day (150 in 9 s were possible). */
  signUpAddress: { name: 'signup-ip', blockAfter: 10, blockMs: HOUR, maxBlockMs: 12 * HOUR, proofAfter: 3, quietMs: DAY },
  /** Reset requests and confirmation re-sends from one address. */
  recoveryAddress: { name: 'recover-ip', blockAfter: 10, blockMs: 15 * MINUTE, maxBlockMs: 12 * HOUR, proofAfter: 3, quietMs: DAY },
  /** Links mailed to one address (sign-up, reset, new address): 5, then an hour's pause, so no one can flood an inbox through our forms. */
  mailRecipient: { name: 'mail-to', blockAfter: 5, blockMs: HOUR, maxBlockMs: 12 * HOUR, proofAfter: NEVER, quietMs: DAY },
  /**
   * "Send a test event" on the keys page, per user: 5, then 10 min, 20 min, 30 min …; forgotten
   * after an hour without one. Each test is one request to a URL of the user's choosing, sent once.
   */
  webhookTest: { name: 'wh-test', blockAfter: 5, blockMs: 10 * MINUTE, maxBlockMs: 30 * MINUTE, proofAfter: NEVER, quietMs: HOUR },
  /** Uses of mailed links (confirm, reset) from one address: the tokens are unguessable, this only bounds the work. */
  linkAddress: { name: 'link-ip', blockAfter: 30, blockMs: 15 * MINUTE, maxBlockMs: 12 * HOUR, proofAfter: NEVER, quietMs: DAY },
} as const satisfies Record<string, ThrottleRule>
