import os from 'node:os';
import { STACK_SERVICES, type StackService } from '@ems/router/src/dev/stack';

/** Extra environment per service for what-if runs (BENCH_SERVICE_ENV). */
export type ServiceEnv = Partial<Record<StackService, Record<string, string>>>;

/** A number setting within [min, max]; the fallback when unset. */
export function numberSetting(raw: string | undefined, name: string, fallback: number, max: number, min = Number.MIN_VALUE): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number in [${min}, ${max}], got '${raw}'`);
  return value;
}

/** A JSON setting mapping service names to values `valid` accepts. */
function perServiceSetting<T>(raw: string | undefined, name: string, valid: (value: unknown) => boolean, what: string) {
  if (!raw) return {} as Partial<Record<StackService, T>>;
  const parsed: unknown = JSON.parse(raw);
  const ok =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.entries(parsed).every(([service, value]) => (STACK_SERVICES as readonly string[]).includes(service) && valid(value));
  if (!ok) throw new Error(`${name} must map ${STACK_SERVICES.join('|')} to ${what}`);
  return parsed as Partial<Record<StackService, T>>;
}

/** BENCH_SERVICE_ENV: JSON mapping service names to objects of string variables. */
export function serviceEnvSetting(raw: string | undefined): ServiceEnv {
  const isVars = (v: unknown) => typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');
  return perServiceSetting<Record<string, string>>(raw, 'BENCH_SERVICE_ENV', isVars, 'objects of strings');
}

/** BENCH_NODE_ARGS: JSON mapping service names to extra Node options, e.g. `{"router":["--cpu-prof"]}`. */
export function nodeArgsSetting(raw: string | undefined): Partial<Record<StackService, string[]>> {
  const isArgs = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  return perServiceSetting<string[]>(raw, 'BENCH_NODE_ARGS', isArgs, 'arrays of strings');
}

/** Where and how a benchmark ran, for its JSON results. */
export function runEnvironment(database: string, postgresVersion: string | undefined, loadAtStart: number) {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    database,
    postgres: postgresVersion,
    loadAverage1m: { start: loadAtStart, end: os.loadavg()[0] },
  };
}

/** Settings for the JSON results: service variables by name only, since their values may be secrets. */
export function describeServiceEnv(serviceEnv: ServiceEnv): Record<string, string[]> {
  return Object.fromEntries(Object.entries(serviceEnv).map(([service, vars]) => [service, Object.keys(vars ?? {})]));
}
