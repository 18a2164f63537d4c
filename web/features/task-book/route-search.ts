import { searchText } from '#web/lib/search-params.ts';

/** The task book page's search: `student` names the candidate whose book staff look at. */
export interface TaskBookSearch {
  student?: string;
}

export const taskBookSearch = (search: Record<string, unknown>): TaskBookSearch => {
  const student = searchText(search.student);
  return student ? { student } : {};
};
