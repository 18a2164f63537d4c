import type { Command } from '../../commands/command.ts';

export const documentCommands: Command[] = [];
