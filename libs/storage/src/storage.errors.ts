/** A key or prefix that is malformed, tries to leave its root, or leaves its company. */
export class InvalidObjectKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No object stored under ${JSON.stringify(key)}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** The body delivered a different number of bytes than the declared size. */
export class ObjectSizeMismatchError extends Error {
  constructor(
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Object ${JSON.stringify(key)}: declared ${expected} bytes, received ${actual}`);
    this.name = 'ObjectSizeMismatchError';
  }
}

/** Bad storage configuration (environment or options); lists every problem. */
export class StorageConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid storage configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'StorageConfigError';
  }
}
