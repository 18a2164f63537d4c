import type { Command } from '../../commands/command.ts';

export const requestCommands: Command[] = [];
