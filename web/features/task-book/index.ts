export { BookLine } from './book-line.tsx';
export { useCandidateBooks } from './use-candidate-books.ts';
