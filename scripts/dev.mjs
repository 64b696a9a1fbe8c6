// Development: the server restarts on change, Vite serves the web app with hot reload and
// proxies the server's calls (see apps/web/vite.config.ts).
import { spawn } from 'node:child_process';

const serverPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@sorting/web'], {
    stdio: 'inherit',
    env: { ...process.env, SORTING_SERVER_URL: `http://127.0.0.1:${serverPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
