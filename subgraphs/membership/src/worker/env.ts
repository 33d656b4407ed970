import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, port, productionModeShape, refuseDevelopmentDefaults, seconds, serviceEnvShape } from '@ems/service-runtime';

const baseUrl = z
  .string()
  .url()
  .transform((v) => v.replace(/\/+$/, ''));

const fields = z.object({
  DATABASE_URL: serviceEnvShape.DATABASE_URL,
  EMBEDDED_PG_PORT: serviceEnvShape.EMBEDDED_PG_PORT,
  HOST: serviceEnvShape.HOST,
  LOG_LEVEL: serviceEnvShape.LOG_LEVEL,
  ...productionModeShape,
  /** The worker's health endpoint (`/actuator/health`), for the launcher and liveness checks. */
  MEMBERSHIP_WORKER_PORT: port(4014),
  /** The same as the membership service's: where e-mails go, and from whom. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Club memberships <no-reply@example.org>'),
  OUTBOX_RETRY_SECONDS: seconds(60),
  /** The base of links in the messages and on membership cards (see the service's MEMBER_LINKS_URL). */
  MEMBER_LINKS_URL: baseUrl.optional(),
  PORTAL_PUBLIC_URL: baseUrl.optional(),
  /** The expiry reminder goes this many days before a period's last day (six weeks). */
  MEMBERSHIP_EXPIRY_REMINDER_DAYS: z.coerce.number().int().min(1).max(366).default(42),
  /** How often the sweep for due messages runs (Agenda's repeat interval). */
  MEMBERSHIP_MESSAGES_EVERY_SECONDS: seconds(60),
});

/** Production mode: no generated development secrets; the links need the portal's public address. */
const schema = fields.superRefine(
  refuseDevelopmentDefaults<z.output<typeof fields>>({
    secrets: [],
    refuse: (e) => [
      !e.MEMBER_LINKS_URL &&
        !e.PORTAL_PUBLIC_URL && {
          variable: 'MEMBER_LINKS_URL',
          message: 'membership cards and reminders need the public address of the portal: set MEMBER_LINKS_URL or PORTAL_PUBLIC_URL',
        },
    ],
  }),
);

export type MembershipWorkerEnv = ReturnType<typeof loadWorkerEnv>;

export function loadWorkerEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'membership-worker');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
