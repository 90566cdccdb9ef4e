/**
 * The operator's inbox counts returns waiting to be received (issue 33). Returns belong to the
 * returns module (issue 31), which does not exist yet: until it does, this is the one place the
 * inbox asks, and it answers 0. The returns module's service replaces it in services.ts.
 */
export interface ReturnsToReceive {
  countToReceive(): Promise<number>;
}

export const noReturnsYet: ReturnsToReceive = {
  countToReceive: async () => 0,
};
