export { MyShiftsCard } from './my-shifts-card.tsx';
export { NextOpenShifts } from './next-open-shifts.tsx';
export { ShiftsPage } from './shifts-page.tsx';
