import { z } from 'zod';
import { defineEvent } from './catalogue.js';
import { USER_TYPES } from './vocabulary.js';

const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);

/** Stream `user-<sub>`. Written by the Cognito post-confirmation trigger or the seeder. */
export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    user_id: z.string().min(1),
    email: z.string().email().toLowerCase(),
    full_name: optionalText(200),
    company: optionalText(200),
    phone: optionalText(40),
    user_type: z.enum(USER_TYPES).default('architect'),
  }),
);

export const ProfileUpdated = defineEvent(
  'ProfileUpdated',
  z.object({
    full_name: optionalText(200).optional(),
    company: optionalText(200).optional(),
    user_type: z.enum(USER_TYPES).optional(),
  }),
);

export const userEvents = [UserRegistered, ProfileUpdated];
