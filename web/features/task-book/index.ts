export { BookLine } from './book-line.tsx';
export { useCandidateBooks, useCandidateProgress } from './use-candidate-books.ts';
