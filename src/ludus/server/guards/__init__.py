"""What every request passes through: strict input reading, rate and size limits, browser hygiene and the
protocol deadlines. Imports no other part of the server."""
