module github.com/atotto/clipboard
