import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader';
import { ImportErrors } from './import-errors';

const spec = { columns: ['name', 'note'] as const, required: ['name'] as const };

async function read(body: Buffer) {
  const errors = new ImportErrors();
  const rows = [];
  for await (const batch of readCsv(body, spec, errors)) rows.push(...batch);
  return { rows, errors: errors.list };
}

describe('readCsv', () => {
  it('reads accents whole where the file is cut into slices for the parser, and strips the byte-order mark', async () => {
    const long = `a${'é'.repeat(40_000)}`;
    const { rows, errors } = await read(Buffer.from(`\uFEFFname,note\r\n${long},"x, ""y"""\r\nzoë,`, 'utf8'));
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, cells: { name: long, note: 'x, "y"' } },
      { row: 3, cells: { name: 'zoë', note: '' } },
    ]);
  });

  it('calls a long blank file empty too', async () => {
    const { errors } = await read(Buffer.from('\r\n'.repeat(5_000)));
    expect(errors).toEqual([{ row: 1, column: null, message: 'The file is empty: it needs a header row naming the columns.' }]);
  });

  it('refuses text that is not UTF-8', async () => {
    const { errors } = await read(Buffer.from('name\ncaf\xe9', 'latin1'));
    expect(errors[0]?.message).toMatch(/not UTF-8 text/);
  });
});
