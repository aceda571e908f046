/**
 * Completes a spec's partial `api/socket.js` mock with the `onSocket` its `currentSocket` implies: a
 * follower gets the socket open when it starts following (none: nothing), as the real one does.
 * `vi.mock('../../api/socket.js', async () => (await import('../../test/socket-mock.js')).socketModule({…}))`
 */
export const socketModule = <M extends { currentSocket: () => unknown }>(mock: M) => ({
  ...mock,
  onSocket: (follower: (socket: never) => void) => {
    const socket = mock.currentSocket();
    if (socket) follower(socket as never);
    return () => undefined;
  },
});
