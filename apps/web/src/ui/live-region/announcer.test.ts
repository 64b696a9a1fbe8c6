import { describe, expect, it } from 'vitest';
import { HEARD_MS, createAnnouncer } from './announcer';

describe('announcer', () => {
  it('says what one turn queued as one message, each message a new one', async () => {
    let now = 0;
    const announcer = createAnnouncer(() => now);
    announcer.say('Ячейка не найдена');
    announcer.say('Посылка P100001 перемещена в ячейку 1-a-01. Сканируйте посылку');
    expect(announcer.getSnapshot()).toBeNull();
    await Promise.resolve();
    expect(announcer.getSnapshot()).toEqual({
      id: 1,
      text: 'Ячейка не найдена. Посылка P100001 перемещена в ячейку 1-a-01. Сканируйте посылку',
    });
    now += HEARD_MS;
    announcer.say('Ячейка не найдена');
    await Promise.resolve();
    expect(announcer.getSnapshot()).toEqual({ id: 2, text: 'Ячейка не найдена' });
  });

  it('does not say again what was said a moment ago', async () => {
    let now = 0;
    const announcer = createAnnouncer(() => now);
    announcer.noteSaid('Нет связи');
    announcer.say('Нет  связи ');
    await Promise.resolve();
    expect(announcer.getSnapshot()).toBeNull();
    now += HEARD_MS - 1;
    expect(announcer.wasSaid('Нет связи')).toBe(true);
    now += 1;
    expect(announcer.wasSaid('Нет связи')).toBe(false);
  });
});
