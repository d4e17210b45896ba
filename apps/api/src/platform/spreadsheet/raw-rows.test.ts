import { describe, expect, it } from 'vitest';
import { type RawRow, SheetReadError, readWithin } from './raw-rows';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* rowsEvery(ms: number, count: number, closed: { value: boolean }): AsyncGenerator<RawRow> {
  try {
    for (let rowNumber = 1; rowNumber <= count; rowNumber += 1) {
      await sleep(ms);
      yield { rowNumber, cells: [String(rowNumber)] };
    }
  } finally {
    closed.value = true;
  }
}

describe('readWithin', () => {
  it('stops a reader slower than its budget as too large, and closes it', async () => {
    const closed = { value: false };
    const read: number[] = [];
    const reading = (async () => {
      for await (const row of readWithin(rowsEvery(40, 50, closed), 100)) read.push(row.rowNumber);
    })();
    await expect(reading).rejects.toEqual(new SheetReadError('tooLarge'));
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThan(4);
    expect(closed.value).toBe(true);
  });

  it("counts the reader's time only, not the caller's between rows", async () => {
    const closed = { value: false };
    const read: number[] = [];
    for await (const row of readWithin(rowsEvery(1, 5, closed), 100)) {
      read.push(row.rowNumber);
      await sleep(60);
    }
    expect(read).toEqual([1, 2, 3, 4, 5]);
    expect(closed.value).toBe(true);
  });
});
