// `npm run agent`: reads the configuration, starts the agent, stops cleanly on Ctrl+C/SIGTERM.
import { renderLabel } from '@sorting/labels';
import { startAgent } from './agent.js';
import { ConfigError, loadConfig, USAGE } from './config.js';
import { createTerminalLogger } from './logger.js';
import { createStopOnSignal } from './stop-on-signal.js';

const logger = createTerminalLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'info');

async function main(): Promise<void> {
  let commandLine;
  try {
    commandLine = await loadConfig(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (commandLine.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { config, source } = commandLine;
  logger.info(`device agent ${config.appId} starting`, { config: source });

  let agent;
  try {
    agent = await startAgent(config, { renderLabel, logger });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    logger.error(
      code === 'EADDRINUSE'
        ? `port ${config.port} is taken: is another device agent running?`
        : 'the agent could not start',
      { error },
    );
    process.exit(1);
  }

  // Before the lines below: a test or a supervisor may stop the agent as soon as it reads them.
  const startedAgent = agent;
  const stop = createStopOnSignal({
    stop: () => startedAgent.stop(),
    exit: (code) => process.exit(code),
    now: () => Date.now(),
    setDeadline: (callback, ms) => setTimeout(callback, ms).unref(),
    log: {
      info: (text) => logger.info(text),
      warn: (text) => logger.warn(text),
      error: (text) => logger.error(text),
    },
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const address = `${config.host}:${agent.port}`;
  logger.info(`Sorting server ${config.serverUrl}`, { hub: `${config.serverUrl}/printersHub` });
  logger.info(`local printer websocket ws://${address}, scale service http://${address}/api/`);
  for (const printer of config.printers) {
    const where =
      printer.output === 'pdf-folder'
        ? printer.dir
        : printer.output === 'cups'
          ? `lp -d ${printer.queue}`
          : `${printer.host}:${printer.port}`;
    logger.info(`printer ${printer.id} "${printer.name}"`, { output: printer.output, to: where });
  }
  if (config.scale) logger.info(`scale ${config.scale.scaleId}`, { kind: config.scale.kind });
  logger.info('allowed web origins', { origins: config.allowedOrigins.join(' ') });
}

void main().catch((error: unknown) => {
  logger.error('unexpected failure', { error });
  process.exit(1);
});
