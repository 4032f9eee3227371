/** A page of an admin list as the client asks for it (`?page=&limit=&searchTerm=`). */
export interface PageParams {
  page: number;
  limit: number;
  searchTerm?: string;
}

/** The rows a page reads: offset, limit and the trimmed search (absent when blank). */
export interface PageWindow {
  offset: number;
  limit: number;
  search?: string;
}

export const windowOf = (p: PageParams): PageWindow => ({
  offset: (p.page - 1) * p.limit,
  limit: p.limit,
  search: p.searchTerm?.trim() || undefined,
});
