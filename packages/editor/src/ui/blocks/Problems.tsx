/** What is wrong with a block's content, read out as it changes (nothing when all is well). */
export function Problems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="ed-field-error" role="alert">
      {problems.length === 1 ? (
        problems[0]
      ) : (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
