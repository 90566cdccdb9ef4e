import { z } from 'zod';

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  designation: z.string(),
  description: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewInputSchema = z.object({
  designation: z.string({ error: 'Designation is required' }).trim().min(1, 'Designation is required').max(60, 'Designation must be at most 60 characters'),
  description: z
    .string({ error: 'Review is required' })
    .trim()
    .min(10, 'Review must be at least 10 characters')
    .max(500, 'Review must be at most 500 characters'),
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
