import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvLine, listCsv } from './list-query';

type Row = { id: number; name: string };
const columns: CsvColumn<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
];

/** A list of `n` rows answering pages as the list functions do, recording what it was asked. */
function fakeList(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
  const asked: { page: number; perPage: number }[] = [];
  const page = async (window: { page: number; perPage: number }) => {
    asked.push(window);
    return rows.slice((window.page - 1) * window.perPage, window.page * window.perPage);
  };
  return { page, asked };
}

async function collect(lines: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('csvLine', () => {
  it('quotes per RFC 4180 and defuses what a spreadsheet would run', () => {
    expect(csvLine([1, 'a,b', 'say "hi"', null, undefined, 'two\nlines'])).toBe(
      '1,"a,b","say ""hi""",,,"two\nlines"\r\n',
    );
    expect(csvLine(['=1+1', '+1', '-2', '@SUM(A1)', 'plain'])).toBe("'=1+1,'+1,'-2,'@SUM(A1),plain\r\n");
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe('"\'=HYPERLINK(""http://x"",""y"")"\r\n');
  });
});

describe('listCsv', () => {
  it('writes the header, then every row across batches, and stops after a short batch', async () => {
    const list = fakeList(7);
    const lines = await collect(listCsv(list.page, columns, { batch: 3 }));
    expect(lines[0]).toBe('id,name\r\n');
    expect(lines.slice(1)).toEqual(Array.from({ length: 7 }, (_, i) => `${i + 1},row ${i + 1}\r\n`));
    expect(list.asked).toEqual([
      { page: 1, perPage: 3 },
      { page: 2, perPage: 3 },
      { page: 3, perPage: 3 },
    ]);
  });

  it('asks once more after a full last batch, and writes only the header for no rows', async () => {
    const full = fakeList(6);
    expect(await collect(listCsv(full.page, columns, { batch: 3 }))).toHaveLength(7);
    expect(full.asked).toHaveLength(3);
    expect(await collect(listCsv(fakeList(0).page, columns, { batch: 3 }))).toEqual(['id,name\r\n']);
  });

  it('stops at maxRows, in the middle of a batch', async () => {
    const list = fakeList(20);
    const lines = await collect(listCsv(list.page, columns, { batch: 3, maxRows: 5 }));
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('5,row 5\r\n');
    expect(list.asked).toHaveLength(2);
  });

  it('defuses formulas in the values of a column', async () => {
    const lines = await collect(listCsv(async () => [{ id: 1, name: '=cmd|calc' }], columns, { batch: 3 }));
    expect(lines[1]).toBe("1,'=cmd|calc\r\n");
  });
});
