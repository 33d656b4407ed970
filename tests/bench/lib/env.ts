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

/** BENCH_SERVICE_ENV: JSON mapping service names to objects of string variables. */
export function serviceEnvSetting(raw: string | undefined): ServiceEnv {
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.entries(parsed).every(
      ([service, vars]) =>
        (STACK_SERVICES as readonly string[]).includes(service) &&
        typeof vars === 'object' &&
        vars !== null &&
        Object.values(vars).every((v) => typeof v === 'string'),
    );
  if (!valid) throw new Error(`BENCH_SERVICE_ENV must map ${STACK_SERVICES.join('|')} to objects of strings`);
  return parsed as ServiceEnv;
}

/** BENCH_NODE_ARGS: JSON mapping service names to extra Node options, e.g. `{"router":["--cpu-prof"]}`. */
export function nodeArgsSetting(raw: string | undefined): Partial<Record<StackService, string[]>> {
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.entries(parsed).every(
      ([service, args]) =>
        (STACK_SERVICES as readonly string[]).includes(service) && Array.isArray(args) && args.every((a) => typeof a === 'string'),
    );
  if (!valid) throw new Error(`BENCH_NODE_ARGS must map ${STACK_SERVICES.join('|')} to arrays of strings`);
  return parsed as Partial<Record<StackService, string[]>>;
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
