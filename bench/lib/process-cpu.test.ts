import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { cpuBetween, cpuByRole } from './process-cpu';

describe.skipIf(!existsSync('/proc/self/stat'))('cpuByRole', () => {
  it('counts the CPU time a named process used between two readings', () => {
    const roles = { [process.pid]: 'me' };
    const before = cpuByRole(roles);
    const end = Date.now() + 200;
    let x = 0;
    while (Date.now() < end) x += Math.sqrt(x + 1);
    const used = cpuBetween(before, cpuByRole(roles));
    expect(x).toBeGreaterThan(0);
    // 200 ms of a busy loop: at least a few ticks, at most the wall time and a tick.
    expect(used.me).toBeGreaterThanOrEqual(0.02);
    expect(used.me).toBeLessThanOrEqual(0.3);
  });

  it('leaves out processes it was not told about (other than PostgreSQL and Redis)', () => {
    const reading = cpuByRole({});
    expect(Object.keys(reading).every((role) => role === 'postgres' || role === 'redis-server')).toBe(true);
  });
});

describe('cpuBetween', () => {
  it('subtracts per role; a role new in the second reading counts from zero', () => {
    expect(cpuBetween({ servers: 1.5, postgres: 2 }, { servers: 2, postgres: 2.25, clients: 0.5 })).toEqual({ servers: 0.5, postgres: 0.25, clients: 0.5 });
  });
});
