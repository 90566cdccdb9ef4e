/**
 * The operator's inbox counts returns waiting to be received (issue 33): the returns module's
 * service answers it (issue 31, wired in services.ts); `noReturnsYet` is the default when none is
 * given (unit tests).
 */
export interface ReturnsToReceive {
  countToReceive(): Promise<number>;
}

export const noReturnsYet: ReturnsToReceive = {
  countToReceive: async () => 0,
};
