/**
 * The spec spells its enumerations two ways: document types as labels ('Policy', 'Training Material'), program types
 * as codes ('ems') beside labels ('EMS'). Input may use either, in any case; what is stored and answered is always the
 * enumeration's own spelling, so the web app and the spec's clients read what they always read.
 */
import { z } from 'zod';

import { DOCUMENT_PROGRAM_TYPES, DOCUMENT_TYPES, PROGRAM_TYPES } from './enums.ts';

/** A label and its code differ only in case and in '_' for spaces: 'Training Material', 'training_material'. */
const spellingKey = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

/** Maps any spelling of one of `values` to that value; anything else is left as it is. */
export function spellingOf(values: readonly string[]) {
  const byKey = new Map(values.map((value) => [spellingKey(value), value]));
  return (input: string): string => byKey.get(spellingKey(input)) ?? input;
}

/** An enumerated field that takes any spelling of its values and gives their own; anything else answers `error`. */
const spelledEnum = <T extends string>(values: readonly [T, ...T[]], error: string) =>
  z.string({ error }).transform(spellingOf(values)).pipe(z.enum(values, { error }));

export const programType = (error: string) => spelledEnum(PROGRAM_TYPES, error);
export const documentProgramType = (error: string) => spelledEnum(DOCUMENT_PROGRAM_TYPES, error);
export const documentType = (error: string) => spelledEnum(DOCUMENT_TYPES, error);
