import { describe, expect, it } from 'vitest';

import { MSG } from '#schema/messages.ts';

import { planProfileSubmit, profileFormSchema, ROLE_CARDS } from './profile-rules.ts';

const current = { firstName: 'Sam', lastName: 'Student', email: 'student@demo.test', role: 'student' as const };
const parse = (values: Record<string, unknown>) => profileFormSchema(current).safeParse({ ...current, ...values });
const messages = (values: Record<string, unknown>) => {
  const result = parse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('role cards', () => {
  it("six roles with the spec's descriptions", () => {
    expect(ROLE_CARDS.map((c) => `${c.title}: ${c.description}`)).toEqual([
      'Student: Enrolled in training programs',
      'Instructor: Teaching and assessment staff',
      'Preceptor: Clinical field supervision',
      'Administration: Administrative staff',
      'Director: Program director with full access',
      'Clinical Coordinator: Clinical site management',
    ]);
  });
});

describe('profile form validation', () => {
  it("uses the spec's messages for name and e-mail", () => {
    expect(messages({ firstName: ' ', lastName: '', email: 'nope' })).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailInvalid,
    });
  });

  it('the same role needs no program or justification', () => {
    expect(parse({}).success).toBe(true);
  });

  it("another role needs the role-change request's program and justification", () => {
    expect(messages({ role: 'director', programId: '', justification: 'short' })).toEqual({
      programId: MSG.programRequired,
      justification: MSG.justification,
    });
    expect(parse({ role: 'director', programId: 'p1', justification: 'I run the program now' }).success).toBe(true);
  });
});

describe('what Update Profile does', () => {
  const values = (over: Record<string, unknown>) => profileFormSchema(current).parse({ ...current, ...over });

  it('choosing another role files a role-change request and never updates the role', () => {
    const plan = planProfileSubmit(
      current,
      values({ role: 'director', programId: 'p1', justification: 'I run the program now' }),
    );
    expect(plan.roleRequest).toEqual({
      programId: 'p1',
      requestedRole: 'director',
      justification: 'I run the program now',
    });
    expect(plan.update).toBeNull();
  });

  it('a name change with another role chosen updates the name with the current role, and files the request', () => {
    const plan = planProfileSubmit(
      current,
      values({ firstName: 'Samuel', role: 'instructor', programId: 'p1', justification: 'Teaching the airway lab' }),
    );
    expect(plan.update).toEqual({
      firstName: 'Samuel',
      lastName: 'Student',
      email: 'student@demo.test',
      role: 'student',
    });
    expect(plan.roleRequest?.requestedRole).toBe('instructor');
  });

  it('the same role: the update only, with the role as it is', () => {
    const plan = planProfileSubmit(current, values({ lastName: 'Stone' }));
    expect(plan).toEqual({
      update: { firstName: 'Sam', lastName: 'Stone', email: 'student@demo.test', role: 'student' },
      roleRequest: null,
    });
  });
});

describe('a new e-mail', () => {
  it('needs the current password, and only a new one does (whatever its case)', () => {
    expect(messages({ email: 'sam@example.org' })).toEqual({ currentPassword: MSG.currentPasswordRequired });
    expect(messages({ email: 'sam@example.org', currentPassword: '' })).toEqual({
      currentPassword: MSG.currentPasswordRequired,
    });
    expect(parse({ email: 'sam@example.org', currentPassword: 'my password' }).success).toBe(true);
    expect(parse({ email: ' Student@Demo.test ' }).success).toBe(true);
  });

  it('sends the current password with the update only when the e-mail changes', () => {
    const values = (over: Record<string, unknown>) => profileFormSchema(current).parse({ ...current, ...over });
    expect(
      planProfileSubmit(current, values({ email: 'sam@example.org', currentPassword: 'my password' })).update,
    ).toEqual({
      firstName: 'Sam',
      lastName: 'Student',
      email: 'sam@example.org',
      role: 'student',
      currentPassword: 'my password',
    });
    expect(planProfileSubmit(current, values({ firstName: 'Samuel', currentPassword: 'typed anyway' })).update).toEqual(
      { firstName: 'Samuel', lastName: 'Student', email: 'student@demo.test', role: 'student' },
    );
  });
});
