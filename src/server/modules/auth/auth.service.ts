import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { loginSchema, registerSchema } from '../../../shared/schemas/auth';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { slugWithSuffix } from '../../lib/slugs';
import { findUserByEmail, insertUser, type UserRow } from '../users/users.queries';

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so timing does not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;

export async function register(db: Database, input: z.output<typeof registerSchema>): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) {
    throw AppError.conflict('An account with this email already exists. Please log in instead.');
  }
  return insertUser(db, {
    id: randomUUID(),
    slug: slugWithSuffix(`${input.firstName} ${input.lastName}`, 'member'),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
  });
}

export async function login(db: Database, input: z.output<typeof loginSchema>): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  if (!user?.passwordHash) {
    await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), input.password);
    throw AppError.unauthorized('Invalid email or password');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw AppError.unauthorized('Invalid email or password');
  return user;
}
