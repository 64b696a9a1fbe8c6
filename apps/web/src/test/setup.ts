import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. A lazy route's first render loads its chunk and
// catalogue through Vite's transform, which takes longer than that on a loaded 2-core CI
// machine; a slow machine is not a failure of the screen. The assertions stay the same.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
