import { z } from 'zod';

/** Settings of the Kafka event export; `undefined` from `eventExportConfigFrom` means it is off. */
export type EventExportConfig = {
  brokers: string[];
  topicPrefix: string;
  clientId: string;
  ssl: boolean;
  sasl?: {
    mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512';
    username: string;
    password: string;
  };
};

const brokerPattern = /^[A-Za-z0-9.-]+:\d{1,5}$/;
// Kafka topic names: letters, digits, '.', '_' and '-'
const topicPartPattern = /^[A-Za-z0-9._-]+$/;

const schema = z
  .object({
    KAFKA_BROKERS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((broker) => broker.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(brokerPattern, 'each broker is host:port'))
          .min(1, 'name at least one broker (host:port)'),
      ),
    KAFKA_TOPIC_PREFIX: z
      .string()
      .regex(topicPartPattern, "letters, digits, '.', '_' and '-' only")
      .max(100)
      .default('switchboard'),
    KAFKA_CLIENT_ID: z.string().min(1).default('switchboard-event-export'),
    KAFKA_SSL: z.enum(['true', 'false']).default('false'),
    KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional(),
    KAFKA_SASL_USERNAME: z.string().optional(),
    KAFKA_SASL_PASSWORD: z.string().optional(),
  })
  .refine(
    (env) => !env.KAFKA_SASL_MECHANISM || (env.KAFKA_SASL_USERNAME && env.KAFKA_SASL_PASSWORD),
    { message: 'KAFKA_SASL_MECHANISM needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD' },
  );

/**
 * The export's settings, or undefined when KAFKA_BROKERS is not set (the export is off). A set but
 * wrong value is an error naming the variable, raised at start rather than a silent no-export.
 */
export function eventExportConfigFrom(
  env: Record<string, string | undefined>,
): EventExportConfig | undefined {
  if (!env.KAFKA_BROKERS?.trim()) return undefined;
  // an empty variable (docker compose's `${KAFKA_SSL:-}`) counts as unset
  const given = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key.startsWith('KAFKA_') && value?.trim()),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'KAFKA_SASL_MECHANISM'}: ${issue.message}`,
    );
    throw new Error(`Kafka event export settings are invalid: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  return {
    brokers: value.KAFKA_BROKERS,
    topicPrefix: value.KAFKA_TOPIC_PREFIX,
    clientId: value.KAFKA_CLIENT_ID,
    ssl: value.KAFKA_SSL === 'true',
    ...(value.KAFKA_SASL_MECHANISM
      ? {
          sasl: {
            mechanism: value.KAFKA_SASL_MECHANISM,
            username: value.KAFKA_SASL_USERNAME!,
            password: value.KAFKA_SASL_PASSWORD!,
          },
        }
      : {}),
  };
}
