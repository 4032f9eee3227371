/** One page of a searchable list (the admin lists: quizzes, students, participants). */
export interface PageParams {
  page: number;
  limit?: number;
  searchTerm?: string;
}
