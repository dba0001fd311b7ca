import { SharedReads } from './shared-reads';

/** A reader whose reads the test answers one by one, in order. */
function controlledReader() {
  const pending: Array<{ key: string; answer: (value: string) => void; fail: (error: Error) => void }> = [];
  const reader = (key: string) => new Promise<string>((answer, fail) => pending.push({ key, answer, fail }));
  return { reader, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SharedReads', () => {
  test('callers asking while a read is under way share it; a later ask reads again', async () => {
    const { reader, pending } = controlledReader();
    const reads = new SharedReads(reader);
    const first = reads.read('a');
    const second = reads.read('a');
    const other = reads.read('b');
    expect(pending.map((read) => read.key)).toEqual(['a', 'b']);
    pending[0]!.answer('a1');
    pending[1]!.answer('b1');
    expect(await Promise.all([first, second, other])).toEqual(['a1', 'a1', 'b1']);
    const later = reads.read('a');
    expect(pending).toHaveLength(3);
    pending[2]!.answer('a2');
    expect(await later).toBe('a2');
  });

  test('changes during a read queue one more read after it, even when that read failed', async () => {
    const { reader, pending } = controlledReader();
    const reads = new SharedReads(reader);
    const running = reads.read('a');
    const changes = [reads.afterChange('a'), reads.afterChange('a')];
    await tick();
    expect(pending).toHaveLength(1);
    pending[0]!.fail(new Error('cut'));
    await expect(running).rejects.toThrow('cut');
    await tick();
    expect(pending).toHaveLength(2);
    pending[1]!.answer('after the change');
    expect(await Promise.all(changes)).toEqual(['after the change', 'after the change']);
    // With nothing under way, a change reads at once.
    const alone = reads.afterChange('a');
    expect(pending).toHaveLength(3);
    pending[2]!.answer('again');
    expect(await alone).toBe('again');
  });
});
