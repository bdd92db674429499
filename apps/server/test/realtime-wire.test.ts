import { describe, expect, it } from 'vitest';
import type { PushMessage } from '@shop/core/api/messages';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { textFrame } from '../src/realtime/hub';
import { decodeBusMessage, encodeBusEvent, frameMaker, groupDeliveries } from '../src/realtime/wire';

/** The hubs' wire format: a broadcast travels as one message and [account, tip_id] pairs. */
const message = (tipId: number, name = '系统公告'): PushMessage => ({
  tip_id: tipId,
  category_id: 8,
  tip_name: name,
  pop_type: 1,
  tip_word: '全文 "引号" 与 \\ 反斜杠',
  tip_description: '摘要',
  create_time: '2026-11-26T02:00:00.000Z',
  is_eject: 1,
  link: '',
  order_id: null,
});

describe('the wire format', () => {
  it('groups deliveries that differ only in tip_id and account', () => {
    const groups = groupDeliveries([
      { accountId: 1, message: message(10) },
      { accountId: 2, message: message(11) },
      { accountId: 3, message: message(12, '订单已发货') },
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0]!.pairs).toEqual([1, 10, 2, 11]);
    expect(groups[1]!.pairs).toEqual([3, 12]);
  });

  it('makes each frame the JSON of the whole message, tip_id first', () => {
    const [group] = groupDeliveries([{ accountId: 1, message: message(10) }]);
    expect(JSON.parse(frameMaker(group!.message)(77))).toEqual(message(77));
    expect(frameMaker(group!.message)(77)).toBe(JSON.stringify(message(77)));
  });

  it('cuts a broadcast to 10,000 accounts into a few bus messages that decode back', () => {
    const deliveries = Array.from({ length: 10_000 }, (_, i) => ({ accountId: i + 1, message: message(100_000 + i) }));
    const texts = encodeBusEvent('origin-1', { type: 'push', groups: groupDeliveries(deliveries) });
    expect(texts.length).toBe(5);
    const pairs = texts.flatMap((text) => {
      const decoded = decodeBusMessage(text)!;
      expect(decoded.origin).toBe('origin-1');
      if (decoded.event.type !== 'push') throw new Error('not a push');
      return decoded.event.groups.flatMap((g) => g.pairs);
    });
    expect(pairs).toEqual(deliveries.flatMap((d) => [d.accountId, d.message.tip_id]));
  });

  it("decodes '[]' and closing sessions, and ignores anything else", () => {
    expect(decodeBusMessage(encodeBusEvent('o', { type: 'clear', accountIds: [1, 2] })[0]!)).toEqual({
      origin: 'o',
      event: { type: 'clear', accountIds: [1, 2] },
    });
    expect(decodeBusMessage(encodeBusEvent('o', { type: 'close', sessionIds: [9] })[0]!)).toEqual({
      origin: 'o',
      event: { type: 'close', sessionIds: [9] },
    });
    for (const junk of ['', 'null', '{"o":1}', '{"o":"x","p":[1]}', '{"o":"x","c":["a"]}', 'not json']) {
      expect(decodeBusMessage(junk)).toBeUndefined();
    }
  });
});

/** ws's frame parser (exported by ws, not declared by its types). */
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean; allowSynchronousEvents: boolean }) => Writable;
};

describe('the frames a hub writes', () => {
  /** What a WebSocket client's receiver reads from these bytes (ws's own parser, as a browser would). */
  function received(bytes: Buffer): Promise<string[]> {
    const receiver = new Receiver({ isServer: false, allowSynchronousEvents: true });
    const texts: string[] = [];
    receiver.on('message', (data: Buffer, isBinary: boolean) =>
      texts.push(`${isBinary ? 'binary' : 'text'}:${String(data)}`),
    );
    return new Promise((resolve, reject) => {
      receiver.on('error', reject);
      receiver.write(bytes, () => resolve(texts));
    });
  }

  it('are whole text frames for every payload length (7-bit, 16-bit and 64-bit lengths), in Chinese too', async () => {
    const texts = [0, 1, 125, 126, 65_535, 65_536, 70_000].map(
      (n) => '消'.repeat(Math.floor(n / 3)) + 'x'.repeat(n % 3),
    );
    const bytes = Buffer.concat(texts.map(textFrame));
    expect(await received(bytes)).toEqual(texts.map((t) => `text:${t}`));
  });
});
