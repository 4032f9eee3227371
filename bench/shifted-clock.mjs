// A bench-only preload (`node --import bench/shifted-clock.mjs …`) that moves this process's wall
// clock by BENCH_CLOCK_OFFSET_MS: `Date.now()` and `new Date()` (no argument) read the real time plus
// the offset; everything else about Date is untouched (a Date made from a value is that value). The
// reminders scenario (bench/reminders-scenario.mjs) starts the compiled app with it when the real
// clock is in or near quiet hours (22:00–07:00 IST, a rule of the product that the app reads from its
// clock), so the app runs as production at a daytime IST hour with no clock setting of its own.
// Monotonic clocks (performance.now, process.hrtime) and the kernel's time (TLS certificate checks,
// file times) are not moved. PostgreSQL's now() is not moved either: the reminder path passes the
// app's clock into every statement (RemindersRepository, daily-five-due.ts) and uses no now().
const offset = Number(process.env.BENCH_CLOCK_OFFSET_MS ?? 0);
if (!Number.isFinite(offset)) throw new Error('BENCH_CLOCK_OFFSET_MS must be a number of milliseconds');

if (offset !== 0) {
  const RealDate = Date;
  const realNow = RealDate.now;
  const now = () => realNow() + offset;
  // A plain function whose prototype is Date's: instances are native Dates (no subclass), so
  // `instanceof Date`, structured clone and every driver see a real Date.
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return args.length === 0 ? new RealDate(now()) : Reflect.construct(RealDate, args, new.target);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  Object.defineProperty(ShiftedDate, 'name', { value: 'Date' });
  globalThis.Date = ShiftedDate;
}
