import { BLOG_POSTS } from '@/features/blogs/blog-content';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Blogs</h1>
      <p className="mb-8 text-base-content/70">Questions we get asked about building web shops, answered.</p>
      <div className="flex flex-col gap-3">
        {BLOG_POSTS.map((post, i) => (
          <details key={post.question} className="collapse collapse-arrow border border-base-300 bg-base-100" open={i === 0}>
            <summary className="collapse-title text-lg font-semibold">{post.question}</summary>
            <div className="collapse-content space-y-3">
              {post.answer.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
