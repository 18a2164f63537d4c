import type { Command } from '../../commands/command.ts';

export const instructorCommands: Command[] = [];
