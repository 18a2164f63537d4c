import { expect, it } from 'vitest';

import { COMMANDS } from '../api/commands/registry.ts';
import { MUTATORS } from './client/mutators.ts';

it('every offline mutation is a server command validated by the very same schema', () => {
  for (const [name, mutator] of Object.entries(MUTATORS)) {
    expect(COMMANDS.get(name)?.args, name).toBe(mutator.args);
  }
});
