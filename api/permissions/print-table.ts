import { permissionTable } from './matrix.ts';

console.log(permissionTable());
