import { askPatiently } from './nats-transport.js';

const failing = (code: string) => Object.assign(new Error(code), { code });

describe('a request on NATS while identity restarts', () => {
  it('is asked again while nothing answers, then answers', async () => {
    const answers = [failing('ERR_SERVICE_UNAVAILABLE'), failing('ERR_SERVICE_TIMEOUT'), 'done'];
    let asked = 0;
    const ask = () => {
      const answer = answers[asked++]!;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    };
    await expect(askPatiently(ask, { everyMs: 1 })).resolves.toBe('done');
    expect(asked).toBe(3);
  });

  it('gives up after its patience, and never asks again after an answer that is an error', async () => {
    const down = () => Promise.reject(failing('ERR_SERVICE_UNAVAILABLE'));
    await expect(askPatiently(down, { patienceMs: 20, everyMs: 5 })).rejects.toMatchObject({
      code: 'ERR_SERVICE_UNAVAILABLE',
    });
    let asked = 0;
    const refused = () => {
      asked += 1;
      return Promise.reject(failing('ERR_NOT_FOUND'));
    };
    await expect(askPatiently(refused, { everyMs: 1 })).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    expect(asked).toBe(1);
  });
});
