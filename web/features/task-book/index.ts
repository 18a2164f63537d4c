export { BookLine } from './book-line.tsx';
export { bookTotals } from './candidate-books.ts';
export { useCandidateBooks } from './use-candidate-books.ts';
