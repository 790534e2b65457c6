/** Why a read through `./read-through` produced no value (besides the provider's own errors). */

/** An answer the policy treats as broken when empty (the aggregate list). */
export class EmptyAnswerError extends Error {
  constructor(readonly family: string) {
    super(`${family}: upstream returned an empty answer`);
    this.name = "EmptyAnswerError";
  }
}

/** Another instance's read of this key failed: it is cooling down (no call until it ends). */
export class CoolingDownError extends Error {
  constructor(readonly family: string) {
    super(`${family}: upstream reads of this key are cooling down after a failure`);
    this.name = "CoolingDownError";
  }
}

/** A warm-only read (`ReadOpts.warmOnly`) found no copy within its fresh time. */
export class NotWarmError extends Error {
  constructor(readonly family: string) {
    super(`${family}: no copy within its fresh time`);
    this.name = "NotWarmError";
  }
}
